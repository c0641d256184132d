/**
 * A house short of stock asks another house for it (issue 39, "Asking and agreeing"), as a
 * workflow whose steps each stand on their own and are safe to run again:
 *
 * 1. Checked: the asking house's request and line, a lending house that is not itself, that is
 *    listed and takes this house's sub-hires now, and its item still there.
 * 2. The lending house keeps a customer account for the asking house (`house-<id>`, kind "house",
 *    on account by the lender's rule: net 30 unless it says otherwise), opened the first time and
 *    never changed after (the lender may move it to a card hold).
 * 3. An ordinary request at the lender, taken in as its storefront takes any (its lead time, stock
 *    and turnaround in its time zone), with the asking house as the customer: its name and email,
 *    the production's name as its reference and never the production's contact details, each line
 *    at the lender's rates less its trade discount. Its id is made from the two houses, the order
 *    and the line, so a second ask (a double click, another server) finds the first.
 * 4. The asking house's request records the sub-hire, once.
 *
 * What the asking house then does (accept the lender's quote on its account, decline, cancel) is
 * the lender's conversation, with the asking house as its visitor. No Fastify.
 */
import { createHash } from 'node:crypto';
import { withDefaults } from '../../schema/defaults';
import { stockLineOf } from '../../schema/rental/hire';
import {
  houseAccountId,
  houseCustomerUid,
  takesSubHireFrom,
  type SubHireRule,
} from '../../schema/marketplace/sub-hires';
import type { QuoteRequest, SubHireAsk, UserProfile, VendorConfig } from '../../schema/types.generated';
import { AccountIdTakenError, type CustomerAccountStore } from '../stores/customer-account-store';
import { FieldProblemsError } from '../stores/field-problems';
import { ProfileExistsError } from '../stores/profile-store';
import { QuoteRequestExistsError, revisionOf, StaleQuoteError, UnknownQuoteError } from '../stores/quote-request-store';
import { takeQuoteRequest, type IntakeStores } from '../rental';
import type { PlatformCatalogue } from './platform-catalogue';

export type SubHire = NonNullable<QuoteRequest['subHires']>[number];

export interface SubHireRequestStores extends IntakeStores {
  customerAccounts: CustomerAccountStore;
  marketplace: Pick<PlatformCatalogue, 'house' | 'loaded'>;
}

/** What is asked (its schema's `subHireAsk`), for the asking house's request `quoteId`. */
export type SubHireAskOn = SubHireAsk & { quoteId: string };

interface Log {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** A sub-hire the asking house cannot make: says why, for the staff member who asked. */
export class SubHireRefusedError extends Error {
  readonly statusCode = 409;
}

/**
 * The lender's request id for the `round`th ask of one item for one line: the same on every server,
 * so a second click or another server finds the first. An ask the lender declined, or that was
 * cancelled or expired, leaves its round to the next.
 */
export const subHireQuoteId = (
  asking: string,
  quoteId: string,
  objectID: string,
  lender: string,
  theirObjectID: string,
  round: number,
) =>
  `sh-${createHash('sha256')
    .update([asking, quoteId, objectID, lender, theirObjectID, String(round)].join('\u0000'))
    .digest('hex')
    .slice(0, 32)}`;

/** Rounds one item may be asked for on one line (each declined, cancelled or expired). */
const MAX_ROUNDS = 20;
const ENDED = new Set(['declined', 'cancelled', 'expired']);

/** States of the asking house's request in which nothing more is sub-hired for it. */
const FINISHED = new Set(['declined', 'cancelled', 'expired', 'closed', 'returned']);

/** The hiring house's page for its order in its own console: where the lender's mails to it point. */
const consoleUrlOf = (domain: string | undefined, house: string, quoteId: string) =>
  `https://${domain ?? `${house}.localhost`}/admin/#/t/${encodeURIComponent(house)}/quote-requests/${encodeURIComponent(quoteId)}`;

export async function askForSubHire(
  stores: SubHireRequestStores,
  asking: { houseId: string; email: string },
  ask: SubHireAskOn,
  now: Date,
  log: Log,
): Promise<{ subHire: SubHire; theirs: QuoteRequest; created: boolean }> {
  const { houseId } = asking;
  const [ours, ownTenant, theirTenant] = await Promise.all([
    stores.quoteRequests.get(houseId, ask.quoteId),
    stores.tenantStore.get(houseId),
    stores.tenantStore.get(ask.house),
  ]);
  if (!ours || !ownTenant) throw new UnknownQuoteError(ask.quoteId);
  // A line's item, or a piece of a kit on a line (what its stock is).
  const line = ours.lines.find((candidate) => candidate.objectID === ask.objectID);
  if (!line && !stockLineOf(ours, ask.objectID))
    throw new FieldProblemsError(
      [{ pointer: '/objectID', message: 'is not a line of this request' }],
      'Not asked: that line is not on this request',
    );
  // A kit's stock is its pieces': what is hired in for it counts on the piece that is short.
  if (line?.kit)
    throw new FieldProblemsError(
      [
        {
          pointer: '/objectID',
          message: `is a kit (${line.name}): ask other houses for the pieces it is short of, each on its own`,
        },
      ],
      'Not asked: a kit is sub-hired piece by piece',
    );
  if (FINISHED.has(ours.state ?? 'requested'))
    throw new SubHireRefusedError(`This request is ${ours.state}: nothing more is sub-hired for it.`);
  if (ask.house === houseId)
    throw new FieldProblemsError(
      [{ pointer: '/house', message: 'is this house: a house cannot sub-hire from itself' }],
      'Not asked: that is this house',
    );
  await stores.marketplace.loaded();
  const listed = stores.marketplace.house(ask.house);
  if (!theirTenant || !listed)
    throw new FieldProblemsError(
      [{ pointer: '/house', message: 'is not listed on the platform now' }],
      'Not asked: that house is not listed',
    );
  const own = withDefaults('vendor', ownTenant.tenant.vendor);
  const lender = withDefaults('vendor', theirTenant.tenant.vendor);
  const rule = lender.subHires as SubHireRule;
  if (!takesSubHireFrom(rule, ask.house, houseId))
    throw new SubHireRefusedError(
      `${lender.displayName} does not take sub-hire requests from ${own.displayName} now: ask another house.`,
    );
  const [theirItem] = await stores.itemStore.getMany(ask.house, [ask.theirObjectID]);
  if (!theirItem)
    throw new FieldProblemsError(
      [{ pointer: '/theirObjectID', message: `is no longer at ${lender.displayName}: choose another offer` }],
      'Not asked: the item is gone',
    );

  let round = 0;
  let theirs: QuoteRequest | undefined;
  for (; round < MAX_ROUNDS; round += 1) {
    theirs = await stores.quoteRequests.get(
      ask.house,
      subHireQuoteId(houseId, ours.id, ask.objectID, ask.house, theirItem.objectID, round),
    );
    if (!theirs || !ENDED.has(theirs.state ?? 'requested')) break;
  }
  if (round === MAX_ROUNDS)
    throw new SubHireRefusedError(
      `${lender.displayName} was asked for this item on this line ${MAX_ROUNDS} times: ask another house.`,
    );
  const quoteId = subHireQuoteId(houseId, ours.id, ask.objectID, ask.house, theirItem.objectID, round);
  let created = !theirs;
  if (!theirs) {
    const profile = await houseCustomer(
      stores,
      { id: ask.house, currency: withDefaults('site', theirTenant.tenant.site).currency! },
      houseId,
      own,
      rule,
      now,
    );
    try {
      theirs = await takeQuoteRequest(
        stores,
        ask.house,
        { uid: houseCustomerUid(houseId), email: own.email },
        profile,
        {
          items: [{ objectID: theirItem.objectID, quantity: ask.quantity }],
          startDate: ours.startDate,
          endDate: ours.endDate,
          // The production's name is the asking house's reference; its people and addresses stay with that house.
          ...(ours.production && { production: ours.production }),
          studio: own.displayName,
        },
        {
          id: quoteId,
          subHire: {
            house: houseId,
            houseName: own.displayName,
            forQuote: ours.id,
            objectID: ask.objectID,
            consoleUrl: consoleUrlOf(withDefaults('site', ownTenant.tenant.site).domain, houseId, ours.id),
          },
          tradeDiscountPercent: rule.tradeDiscountPercent,
          log,
        },
      );
    } catch (error) {
      if (error instanceof FieldProblemsError)
        throw new FieldProblemsError(
          error.problems.map((problem) => ({
            pointer: problem.pointer
              .replace(/^\/items\/0\/objectID/, '/theirObjectID')
              .replace(/^\/items\/0\/quantity/, '/quantity')
              .replace(/^\/items\/0/, '/theirObjectID'),
            message: problem.message,
          })),
          `Not asked: ${lender.displayName} cannot take it — ${error.problems.map((problem) => problem.message).join('; ')}`,
          409,
        );
      // Asked a moment ago by another server or a second click: the same sub-hire, once.
      if (!(error instanceof QuoteRequestExistsError)) throw error;
      created = false;
      theirs = (await stores.quoteRequests.get(ask.house, quoteId))!;
    }
    log.info(
      { tenantId: houseId, quoteRequest: ours.id, lender: ask.house, theirQuote: quoteId, quantity: ask.quantity },
      'sub-hire asked',
    );
  }
  const subHire: SubHire = {
    house: ask.house,
    houseName: lender.displayName,
    quoteId,
    objectID: ask.objectID,
    theirObjectID: theirItem.objectID,
    theirName: theirItem.name,
    quantity: theirs.lines[0]?.quantity ?? ask.quantity,
    askedAt: theirs.createdAt,
    askedBy: asking.email,
  };
  return { subHire: await recorded(stores, houseId, ours.id, subHire), theirs, created };
}

/**
 * The asking house as the lender's customer: its house account there (opened on its rule's terms
 * the first time) and its profile there, approved (the lender's rule already says it takes this
 * house's sub-hires).
 */
async function houseCustomer(
  stores: SubHireRequestStores,
  lenderHouse: { id: string; currency: string },
  houseId: string,
  own: VendorConfig,
  rule: SubHireRule,
  now: Date,
): Promise<UserProfile> {
  const lender = lenderHouse.id;
  const accountId = houseAccountId(houseId);
  if (!(await stores.customerAccounts.get(lender, accountId))) {
    try {
      await stores.customerAccounts.create(lender, {
        id: accountId,
        name: own.legalName ?? own.displayName,
        kind: 'house',
        currency: lenderHouse.currency,
        ...(own.address && { billingAddress: own.address }),
        billingContact: { name: `${own.displayName} accounts`, email: own.email },
        ...(own.taxRegistrationNumber && { taxNumber: own.taxRegistrationNumber }),
        members: [{ email: own.email.toLowerCase(), name: own.displayName, addedAt: now.toISOString() }],
        terms: { method: 'account', netDays: rule.netDays, deposit: 'none' },
        notes: `Opened by the platform when ${own.displayName} first asked for a sub-hire.`,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      });
    } catch (error) {
      // Opened a moment ago by another ask: that one stands.
      if (!(error instanceof AccountIdTakenError)) throw error;
    }
  }
  const uid = houseCustomerUid(houseId);
  const profile = await stores.profileStore.get(lender, uid);
  if (profile?.isAuthorized === true) return profile;
  const at = now.toISOString();
  if (!profile)
    try {
      return await stores.profileStore.create(lender, uid, {
        email: own.email,
        displayName: own.displayName,
        studio: own.displayName,
        isAuthorized: true,
        createdAt: at,
        updatedAt: at,
      });
    } catch (error) {
      // Made a moment ago by another ask (a second server, a second click): that one stands.
      if (!(error instanceof ProfileExistsError)) throw error;
      const made = await stores.profileStore.get(lender, uid);
      if (made?.isAuthorized === true) return made;
    }
  return stores.profileStore.update(lender, uid, (current) => ({ ...current, isAuthorized: true, updatedAt: at }));
}

/** The sub-hire on the asking house's request, once (read again if another change landed first). */
async function recorded(
  stores: SubHireRequestStores,
  houseId: string,
  quoteId: string,
  subHire: SubHire,
): Promise<SubHire> {
  for (let attempt = 0; ; attempt += 1) {
    const current = (await stores.quoteRequests.get(houseId, quoteId))!;
    const known = current.subHires?.find((entry) => entry.quoteId === subHire.quoteId);
    if (known) return known;
    try {
      await stores.quoteRequests.change(houseId, quoteId, {
        revision: revisionOf(current),
        apply: (stored) => ({ ...stored, subHires: [...(stored.subHires ?? []), subHire] }),
      });
      return subHire;
    } catch (error) {
      if (!(error instanceof StaleQuoteError) || attempt >= 8) throw error;
    }
  }
}
