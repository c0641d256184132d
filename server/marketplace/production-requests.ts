/**
 * A production's request on the platform, split into one request per house (Medusa-style workflow:
 * each step recorded, each failure left retryable, nothing half-done hidden).
 *
 * 1. The lines are checked against the houses listed now (a house unlisted, an item deleted since:
 *    refused by field, nothing sent).
 * 2. The production request is stored under the visitor's request key first, its parts "not sent
 *    yet" (failed, retryable): a second send of the same key (a retry, another server) finds it and
 *    goes on from where it stands.
 * 3. Each part goes to its house as the house's own storefront would take it (rental/quote-intake:
 *    the house's lead time, stock, turnaround and time zone), under an id made from the request key,
 *    the house and the visitor, so two servers sending the same part make one request, never two.
 *    The visitor becomes a member of the house (their session hears it: spec §4's token refresh)
 *    with a profile copied from the platform's; a house that approves by hand keeps the part
 *    waiting ("awaitingApproval", sent when it approves, "refused" if it does not); a house that
 *    trusts the platform's verification approves a verified production at once.
 * 4. A part that cannot be sent (a house's store out of reach, a line no longer free) says why and
 *    can be sent again; the other houses' parts go through.
 *
 * No Fastify: the routes and the console's approval hand in what they know.
 */
import { createHash } from 'node:crypto';
import { withDefaults } from '../../schema/defaults';
import { visitorName } from '../../schema/visitor-name';
import { addDays, endBeforeStart, pastEverywhere } from '../../schema/rental/quote-rules';
import {
  partCounts,
  partDates,
  retryable,
  splitByHouse,
  withdrawable,
} from '../../schema/marketplace/production-requests';
import type {
  ProductionPart,
  ProductionRequest,
  ProductionRequestInput,
  UserProfile,
} from '../../schema/types.generated';
import type { IdentityUser } from '../identity/identity-provider';
import type { Visitors } from '../identity/visitors';
import { NotApprovedError, takeQuoteRequest, type IntakeStores } from '../rental';
import { FieldProblemsError } from '../stores/field-problems';
import { productionWaitingMessage } from '../mail/messages';
import { sendHouseMail } from '../mail/tenant-mail';
import { ProductionRequestExistsError, type ProductionRequestStore } from '../stores/production-request-store';
import { QuoteRequestExistsError } from '../stores/quote-request-store';
import type { PlatformCatalogue } from './platform-catalogue';

interface Log {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface ProductionRequestDeps extends IntakeStores {
  store: ProductionRequestStore;
  marketplace: PlatformCatalogue;
  visitors: Pick<Visitors, 'enter'>;
  log: Log;
}

/** Another visitor's request key: refused, never merged (a key is not a secret, but a request is one visitor's). */
export class RequestKeyTakenError extends Error {
  readonly statusCode = 409;
  constructor() {
    super('This request was sent from another account. Reload the page and send it again.');
  }
}

const NOT_SENT_YET = 'Not sent yet: send it again.';
/** Houses one production request may ask (its schema's parts). */
const MAX_HOUSES = 50;
/** How long a second send of one request waits for the first to finish sending its parts. */
const IN_FLIGHT_WAIT_MS = 10_000;

/** A part's quote request id at its house: the same for the same request key, house and visitor, on every server. */
export const partQuoteId = (key: string, houseId: string, uid: string) =>
  `pr-${createHash('sha256').update(`${key}\u0000${houseId}\u0000${uid}`).digest('hex').slice(0, 32)}`;

export class ProductionRequests {
  constructor(private readonly deps: ProductionRequestDeps) {}

  /** The visitor's requests, newest first. */
  listFor(uid: string): Promise<ProductionRequest[]> {
    return this.deps.store.listFor(uid);
  }

  /** Every production's requests, newest first (platform staff: at most 1,000). */
  listAll(): Promise<ProductionRequest[]> {
    return this.deps.store.listAll(1000);
  }

  /** One of the visitor's requests; another's reads as none. */
  async get(uid: string, id: string): Promise<ProductionRequest | undefined> {
    const found = await this.deps.store.get(id);
    return found?.uid === uid ? found : undefined;
  }

  /** Mails a house that approves by hand that a production waits for it; a mail that fails is logged, the part waits all the same. */
  private async tellHouseItWaits(
    houseId: string,
    request: ProductionRequest,
    part: ProductionPart,
    profile: UserProfile,
  ): Promise<void> {
    const name = visitorName(profile);
    await sendHouseMail(this.deps, houseId, (configuration) =>
      productionWaitingMessage(configuration, {
        ...(name && { name }),
        email: profile.email,
        ...((profile.studio ?? request.studio) && { studio: profile.studio ?? request.studio }),
        ...(request.production && { production: request.production }),
        lines: part.lines.length,
        startDate: request.startDate,
        endDate: request.endDate,
      }),
    ).catch((error: unknown) =>
      this.deps.log.error(
        { err: error, tenantId: houseId, productionRequest: request.id },
        'the house could not be told a production waits for it',
      ),
    );
  }

  /**
   * Sends a production request: checked, stored, then each house's part sent. A key sent before by
   * the same visitor goes on with the stored request (its failed parts sent again).
   */
  async send(
    user: IdentityUser,
    platformProfile: UserProfile,
    input: ProductionRequestInput,
    now: Date,
  ): Promise<{ request: ProductionRequest; created: boolean }> {
    const { store, marketplace } = this.deps;
    await marketplace.loaded();
    const existing = await store.get(input.key);
    if (existing) {
      if (existing.uid !== user.uid) throw new RequestKeyTakenError();
      return { request: await this.goOn(user, platformProfile, existing, now), created: false };
    }
    // Dates no house could take are refused at their fields, before anything is stored (each
    // house's own notice and horizon are its part's to check, with a way to change them).
    const past = pastEverywhere(now);
    const dates = [
      endBeforeStart(input),
      input.startDate <= past
        ? { pointer: '/startDate', message: `is in the past: choose ${addDays(past, 1)} or later` }
        : undefined,
    ].filter((problem): problem is { pointer: string; message: string } => problem !== undefined);
    if (dates.length) throw new FieldProblemsError(dates, 'Not sent: the dates cannot be hired');
    const houses = splitByHouse(input.items);
    if (houses.length > MAX_HOUSES)
      throw new FieldProblemsError(
        [
          {
            pointer: '/items',
            message: `asks ${houses.length} houses at once: one request asks at most ${MAX_HOUSES}, so send it as two`,
          },
        ],
        'Not sent: too many houses in one request',
      );
    const problems: Array<{ pointer: string; message: string }> = [];
    const parts: ProductionPart[] = [];
    for (const { houseId, lines } of houses) {
      const house = marketplace.house(houseId);
      if (!house) {
        for (const line of lines)
          for (const at of line.at)
            problems.push({
              pointer: `/items/${at}/listing`,
              message: 'is from a house that is not listed on the platform now: remove it and choose another',
            });
        continue;
      }
      const items = new Map(
        (
          await this.deps.itemStore.getMany(
            houseId,
            lines.map((line) => line.objectID),
          )
        ).map((item) => [item.objectID, item]),
      );
      for (const line of lines)
        if (!items.has(line.objectID))
          for (const at of line.at)
            problems.push({
              pointer: `/items/${at}/listing`,
              message: `is no longer at ${house.name}: remove it and choose another`,
            });
      parts.push({
        house: houseId,
        houseName: house.name,
        lines: lines
          .filter((line) => items.has(line.objectID))
          .map((line) => ({
            objectID: line.objectID,
            name: items.get(line.objectID)!.name,
            quantity: line.quantity,
          })) as ProductionPart['lines'],
        state: 'failed',
        problem: NOT_SENT_YET,
        updatedAt: now.toISOString(),
      });
    }
    if (problems.length)
      throw new FieldProblemsError(
        problems,
        `Not sent: ${problems.length} item${problems.length === 1 ? '' : 's'} to change`,
      );
    const at = now.toISOString();
    const request: ProductionRequest = {
      id: input.key,
      uid: user.uid,
      email: user.email,
      startDate: input.startDate,
      endDate: input.endDate,
      ...(input.production?.trim() && { production: input.production.trim() }),
      ...(input.studio?.trim() && { studio: input.studio.trim() }),
      ...(input.notes?.trim() && { notes: input.notes.trim() }),
      parts: parts as ProductionRequest['parts'],
      createdAt: at,
      updatedAt: at,
    };
    try {
      await store.create(request);
    } catch (error) {
      // Another server took the same key a moment ago: go on with its record.
      if (!(error instanceof ProductionRequestExistsError)) throw error;
      const theirs = (await store.get(input.key))!;
      if (theirs.uid !== user.uid) throw new RequestKeyTakenError();
      return { request: await this.goOn(user, platformProfile, theirs, now), created: false };
    }
    this.deps.log.info(
      { productionRequest: request.id, uid: user.uid, houses: parts.map((part) => part.house) },
      'production request',
    );
    return { request: await this.sendParts(user, platformProfile, request, now), created: true };
  }

  /**
   * A request sent again with its key. While another send (another server, a double click) is
   * still sending its parts for the first time, it waits for that one to finish (at most
   * IN_FLIGHT_WAIT_MS) and answers what it did; then, or if that send died, it sends what is left.
   */
  private async goOn(
    user: IdentityUser,
    platformProfile: UserProfile,
    request: ProductionRequest,
    now: Date,
  ): Promise<ProductionRequest> {
    let latest = request;
    const inFlight = (candidate: ProductionRequest) => candidate.parts.some((part) => part.problem === NOT_SENT_YET);
    const until = Date.now() + IN_FLIGHT_WAIT_MS;
    while (inFlight(latest) && Date.now() < until && Date.now() - Date.parse(latest.createdAt) < IN_FLIGHT_WAIT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      latest = (await this.deps.store.get(request.id)) ?? latest;
    }
    return this.sendParts(user, platformProfile, latest, now);
  }

  /** Sends the request's failed parts again (a house back within reach, a line freed). */
  async retry(
    user: IdentityUser,
    platformProfile: UserProfile,
    id: string,
    now: Date,
  ): Promise<ProductionRequest | undefined> {
    const request = await this.get(user.uid, id);
    return request && this.sendParts(user, platformProfile, request, now);
  }

  /**
   * One part not sent, sent again on dates of its own (the house's rules refused the request's):
   * checked like any request's dates, then sent to that house alone. Undefined for no such request.
   */
  async resendPart(
    user: IdentityUser,
    platformProfile: UserProfile,
    id: string,
    houseId: string,
    dates: { startDate: string; endDate: string },
    now: Date,
  ): Promise<ProductionRequest | undefined> {
    const request = await this.get(user.uid, id);
    if (!request) return undefined;
    const part = partOf(request, houseId);
    if (!retryable(part))
      throw new FieldProblemsError(
        [
          {
            pointer: '/house',
            message: `${part.houseName}’s part is ${part.state === 'sent' ? 'sent already' : 'not one to send again'}`,
          },
        ],
        'Not sent again',
        409,
      );
    const problems = [
      endBeforeStart(dates),
      dates.startDate < pastEverywhere(now) ? { pointer: '/startDate', message: 'is in the past' } : undefined,
    ].filter((problem) => problem !== undefined);
    if (problems.length) throw new FieldProblemsError(problems, 'Not sent again: fix the dates');
    const dated = await this.deps.store.update(id, (current) => ({
      ...current,
      parts: current.parts.map((entry) =>
        entry.house === houseId ? { ...entry, ...dates, updatedAt: now.toISOString() } : entry,
      ) as ProductionRequest['parts'],
    }));
    return this.sendPart(user, platformProfile, dated, partOf(dated, houseId), now);
  }

  /** One part the production drops before it was sent (failed, or waiting for the house's approval): it is never sent after. */
  async withdrawPart(uid: string, id: string, houseId: string, now: Date): Promise<ProductionRequest | undefined> {
    const request = await this.get(uid, id);
    if (!request) return undefined;
    const part = partOf(request, houseId);
    if (!withdrawable(part))
      throw new FieldProblemsError(
        [
          {
            pointer: '/house',
            message: `${part.houseName}’s part is ${part.state === 'sent' ? 'with the house: cancel it on its page there' : part.state}`,
          },
        ],
        'Not withdrawn',
        409,
      );
    return this.record(id, houseId, { state: 'withdrawn', problem: 'You withdrew this part: it was not sent.' }, now);
  }

  /**
   * A house decided on a visitor (its console's approval): each part waiting for it is sent
   * (approved) or marked refused (denied), with the house's words.
   */
  async decided(houseId: string, uid: string, approved: boolean, now: Date): Promise<void> {
    for (const request of await this.deps.store.listFor(uid)) {
      const part = request.parts.find(
        (candidate) => candidate.house === houseId && candidate.state === 'awaitingApproval',
      );
      if (!part) continue;
      // A member of the house already (the part waited there): no sign-in to record.
      if (approved) await this.sendPart({ uid, email: request.email }, undefined, request, part, now);
      else
        await this.record(
          request.id,
          houseId,
          {
            state: 'refused',
            problem: `${part.houseName} could not approve your account, so this part was not sent. Ask another house for these items.`,
          },
          now,
        );
    }
  }

  private async sendParts(
    user: IdentityUser,
    platformProfile: UserProfile,
    request: ProductionRequest,
    now: Date,
  ): Promise<ProductionRequest> {
    let latest = request;
    for (const part of request.parts)
      if (retryable(part) || part.state === 'awaitingApproval')
        latest = await this.sendPart(user, platformProfile, request, part, now);
    const counts = partCounts(latest.parts);
    this.deps.log.info({ productionRequest: request.id, ...counts }, 'production request parts');
    return latest;
  }

  /**
   * One house's part: the visitor made a member with a profile (when they are here: `platformProfile`),
   * approval as the house decides, then its request.
   */
  private async sendPart(
    user: IdentityUser | { uid: string; email: string },
    platformProfile: UserProfile | undefined,
    request: ProductionRequest,
    part: ProductionPart,
    now: Date,
  ): Promise<ProductionRequest> {
    const { house: houseId, houseName } = part;
    try {
      const stored = await this.deps.tenantStore.get(houseId);
      if (!stored || !this.deps.marketplace.house(houseId))
        return await this.record(
          request.id,
          houseId,
          { state: 'failed', problem: `${houseName} is not listed on the platform now, so this part was not sent.` },
          now,
        );
      const vendor = withDefaults('vendor', stored.tenant.vendor);
      const arrived =
        'vendors' in user
          ? (await this.deps.visitors.enter(user, { tenantId: houseId, vendorName: vendor.displayName, now })).profile
          : await this.deps.profileStore.get(houseId, user.uid);
      if (!arrived)
        return await this.record(
          request.id,
          houseId,
          { state: 'failed', problem: `${houseName} has no profile of yours yet: send this part again.` },
          now,
        );
      const profile = await this.welcomed(
        houseId,
        user.uid,
        arrived,
        platformProfile,
        vendor.marketplaceApproval === 'platformVerified',
        now,
      );
      if (profile.isAuthorized === null || profile.isAuthorized === undefined) {
        // The house is told once, when the part first waits (a retry mails nothing more).
        if (part.state !== 'awaitingApproval') await this.tellHouseItWaits(houseId, request, part, profile);
        return await this.record(
          request.id,
          houseId,
          {
            state: 'awaitingApproval',
            problem: `${houseName} checks every new production first: this part is sent to them as soon as they approve you. We will email you.`,
          },
          now,
        );
      }
      const quoteId = partQuoteId(request.id, houseId, user.uid);
      try {
        await takeQuoteRequest(
          this.deps,
          houseId,
          user,
          profile,
          {
            items: part.lines.map((line) => ({ objectID: line.objectID, quantity: line.quantity })) as never,
            ...partDates(request, part),
            ...(request.production && { production: request.production }),
            ...(request.studio && { studio: request.studio }),
            ...(request.notes && { notes: request.notes }),
          },
          { id: quoteId, productionRequest: request.id, log: this.deps.log },
        );
      } catch (error) {
        // Sent before (by this server or another): the same part, once.
        if (!(error instanceof QuoteRequestExistsError)) throw error;
        const theirs = await this.deps.quoteRequests.get(houseId, quoteId);
        if (theirs?.uid !== user.uid) throw error;
      }
      return await this.record(request.id, houseId, { state: 'sent', quoteId }, now);
    } catch (error) {
      if (error instanceof NotApprovedError)
        return this.record(
          request.id,
          houseId,
          { state: error.reason === 'denied' ? 'refused' : 'awaitingApproval', problem: error.message },
          now,
        );
      if (error instanceof FieldProblemsError)
        return this.record(
          request.id,
          houseId,
          {
            state: 'failed',
            problem: `${houseName}: ${error.problems.map((problem) => lineProblem(part, problem)).join(' ')}`,
          },
          now,
        );
      this.deps.log.error(
        { err: error, productionRequest: request.id, tenantId: houseId },
        'a production request part was not sent',
      );
      return this.record(
        request.id,
        houseId,
        {
          state: 'failed',
          problem: `${houseName} could not be reached just now. The other houses have their parts; send this one again in a minute.`,
        },
        now,
      );
    }
  }

  /**
   * The visitor's profile at the house, made from the platform's the first time (names, studio,
   * production, phone), approved at once when the house trusts the platform's verification and
   * the platform has verified the visitor.
   */
  private async welcomed(
    houseId: string,
    uid: string,
    profile: UserProfile,
    platformProfile: UserProfile | undefined,
    trustsPlatform: boolean,
    now: Date,
  ): Promise<UserProfile> {
    const copied = platformProfile
      ? (['firstName', 'lastName', 'studio', 'production', 'phone', 'title'] as const).filter(
          (key) => platformProfile[key] && !profile[key],
        )
      : [];
    const approve =
      trustsPlatform &&
      platformProfile?.isAuthorized === true &&
      (profile.isAuthorized === null || profile.isAuthorized === undefined);
    if (!copied.length && !approve) return profile;
    return this.deps.profileStore.update(houseId, uid, (current) => ({
      ...current,
      ...Object.fromEntries(copied.map((key) => [key, platformProfile![key]])),
      ...(approve && { isAuthorized: true }),
      updatedAt: now.toISOString(),
    }));
  }

  private record(
    id: string,
    houseId: string,
    change: Pick<ProductionPart, 'state'> & Partial<Pick<ProductionPart, 'quoteId' | 'problem'>>,
    now: Date,
  ): Promise<ProductionRequest> {
    const at = now.toISOString();
    return this.deps.store.update(id, (current) => ({
      ...current,
      parts: current.parts.map((part) => {
        // A part the house has is never taken back by a slower send that failed (another server's).
        if (part.house !== houseId || (part.state === 'sent' && change.state !== 'sent')) return part;
        const { problem: _problem, ...rest } = part;
        return { ...rest, ...change, updatedAt: at };
      }) as ProductionRequest['parts'],
      updatedAt: at,
    }));
  }
}

/** A request's part at a house (404 when it has none there). */
function partOf(request: ProductionRequest, houseId: string): ProductionPart {
  const part = request.parts.find((candidate) => candidate.house === houseId);
  if (!part)
    throw Object.assign(new Error(`This request has no part at ${JSON.stringify(houseId.slice(0, 63))}.`), {
      statusCode: 404,
    });
  return part;
}

/** A house's refusal of a line, in the visitor's words: "Economy triple: only 3 free on your dates". */
function lineProblem(part: ProductionPart, problem: { pointer: string; message: string }): string {
  const line = /^\/items\/(\d+)/.exec(problem.pointer);
  const name = line ? part.lines[Number(line[1])]?.name : undefined;
  return `${name ? `${name}: ` : ''}${problem.message}.`.replace(/\.\.$/, '.');
}
