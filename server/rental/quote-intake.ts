/**
 * A quote request taken in by a house: the visitor approved there, each line checked against the
 * house's catalogue and calendar (lead time and horizon in its time zone, stock less what is
 * ordered, with the turnaround: held stock may be asked for, behind its holds; each problem named
 * by field, a short line with the first day it would be free), stored at the catalogue's rates, counted on the visitor's profile and mailed to
 * both sides. The house's own storefront (routes/api/quote-requests.ts) and the platform's
 * production requests (server/marketplace/production-requests.ts) take requests through it, so a
 * part of a production request is exactly a request made on the house's storefront. No Fastify.
 */
import { isTransfer, mainStoreOf, storeThatKeeps, unknownStore } from '../../schema/rental/stores';
import { randomUUID } from 'node:crypto';
import { withDefaults } from '../../schema/defaults';
import { tradeRates } from '../../schema/marketplace/sub-hires';
import { bookingWindow, nextFreeStartOfAll } from '../../schema/rental/availability';
import { lineKitIn, stockDemand, stockOfItem, stockOfLine } from '../../schema/rental/kits';
import { isNotHold } from '../../schema/rental/holds';
import { checkQuoteRequest, dayCount, latestEnd, todayIn } from '../../schema/rental/quote-rules';
import type { Item, QuoteRequest, QuoteRequestInput, UserProfile } from '../../schema/types.generated';
import { visitorName } from '../../schema/visitor-name';
import { PLATFORM_TENANT_ID, quoteHref } from '../../schema/routes';
import { storefrontConfiguration } from '../../schema/configuration/build-configuration';
import type { Mailer } from '../mail/mailer';
import { quoteConfirmationMessage, quoteRequestMessage } from '../mail/messages';
import { sendAs, TO_HOUSE } from '../mail/tenant-mail';
import { FieldProblemsError } from '../stores/field-problems';
import type { ItemStore } from '../stores/item-store';
import type { ProfileStore } from '../stores/profile-store';
import type { QuoteRequestStore } from '../stores/quote-request-store';
import type { TenantStore } from '../stores/tenant-store';
import { withComponents } from './kit-stock';
import { freeQuantities, quoteSettingsOf, type QuoteSettings } from './quote-conversation';

export interface IntakeStores {
  tenantStore: TenantStore;
  itemStore: ItemStore;
  quoteRequests: QuoteRequestStore;
  profileStore: ProfileStore;
  mailer: Mailer;
}

interface IntakeLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The visitor is not (yet) approved by the house: `reason` says which. */
export class NotApprovedError extends Error {
  readonly statusCode = 403;
  constructor(
    readonly reason: 'awaitingApproval' | 'denied',
    message: string,
  ) {
    super(message);
  }
}

export class UnknownStorefrontError extends Error {
  readonly statusCode = 404;
  constructor(readonly tenantId: string) {
    super('No storefront here.');
  }
}

export interface IntakeOptions {
  /** The request's id: a production request's part has one made from the production request's, so a second try finds the first. */
  id?: string;
  /** The platform's production request this is a part of. */
  productionRequest?: string;
  /** Another house's sub-hire: the house and its order, stored on the request. */
  subHire?: QuoteRequest['subHire'];
  /** A sub-hire's lines are stored at the catalogue's rates less this share (the lending house's trade discount). */
  tradeDiscountPercent?: number;
  log: IntakeLog;
}

/** For each line short on its dates, the first day the same hire would have enough free, within the horizon. */
async function freeAgainFor(
  stores: Pick<IntakeStores, 'quoteRequests'>,
  tenantId: string,
  input: QuoteRequestInput,
  catalogue: ReadonlyMap<string, Item>,
  free: ReadonlyMap<string, number>,
  settings: QuoteSettings,
  bounds: { timezone: string; horizonDays: number; now: Date },
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const short = input.items.filter(
    (line) => catalogue.has(line.objectID) && line.quantity > (free.get(line.objectID) ?? Infinity),
  );
  if (!short.length || input.endDate < input.startDate) return found;
  const today = todayIn(bounds.timezone, bounds.now);
  const until = latestEnd(bounds.timezone, bounds.horizonDays, bounds.now);
  const window = bookingWindow(input.startDate, until, settings.turnaroundDays);
  // What each short line takes from stock: its item, or its kit's components.
  const takes = new Map(short.map((line) => [line.objectID, stockOfLine(line, catalogue)]));
  const booked = (
    await stores.quoteRequests.bookings(
      tenantId,
      [...new Set([...takes.values()].flatMap((entries) => entries.map((entry) => entry.objectID)))],
      window.from,
      window.to,
    )
  ).filter(isNotHold);
  for (const line of short) {
    const day = nextFreeStartOfAll(
      takes.get(line.objectID)!.map((entry) => ({
        stock: catalogue.get(entry.objectID)?.quantity ?? 0,
        bookings: booked.filter((booking) => booking.objectID === entry.objectID),
        quantity: entry.quantity,
      })),
      {
        from: input.startDate,
        until,
        days: dayCount(input.startDate, input.endDate),
        turnaroundDays: settings.turnaroundDays,
        today,
      },
    );
    if (day) found.set(line.objectID, day);
  }
  return found;
}

/** Takes in a visitor's request at a house; throws NotApprovedError, FieldProblemsError (by field), or the store's QuoteRequestExistsError for an id taken. */
export async function takeQuoteRequest(
  stores: IntakeStores,
  tenantId: string,
  user: { uid: string; email: string },
  profile: UserProfile,
  input: QuoteRequestInput,
  options: IntakeOptions,
): Promise<QuoteRequest> {
  const { log } = options;
  const stored = await stores.tenantStore.get(tenantId);
  if (!stored) throw new UnknownStorefrontError(tenantId);
  const site = withDefaults('site', stored.tenant.site);
  const vendor = withDefaults('vendor', stored.tenant.vendor);
  const verb = site.request!.toLowerCase();
  if (profile.isAuthorized !== true) {
    throw profile.isAuthorized === false
      ? new NotApprovedError(
          'denied',
          `${vendor.displayName} could not approve this account, so it cannot send ${verb} requests. Get in touch if you think that is a mistake.`,
        )
      : new NotApprovedError(
          'awaitingApproval',
          `${vendor.displayName} checks every new account first: you can send a ${verb} request once yours is approved. We will email you.`,
        );
  }

  // The items asked for, and what the kits among them are made of (nested kits opened).
  const catalogue = await withComponents(
    stores.itemStore,
    tenantId,
    input.items.map((line) => line.objectID),
  );
  // A kit's stock is how many its components make whole.
  const items = new Map(
    input.items.flatMap((line) => {
      const item = catalogue.get(line.objectID);
      return item ? [[item.objectID, { ...item, quantity: stockOfItem(item.objectID, catalogue) }] as const] : [];
    }),
  );
  const now = new Date();
  const settings = quoteSettingsOf(stored.tenant);
  const storeSaid = unknownStore(settings.vendor, input.store);
  const free =
    items.size && input.endDate >= input.startDate
      ? await freeQuantities(
          stores,
          tenantId,
          [...items.values()],
          { from: input.startDate, to: input.endDate },
          settings,
          now,
          undefined,
          // Held stock may be asked for: the request ranks behind the holds, and only orders make it short.
          true,
        )
      : new Map<string, number>();
  const bounds = {
    timezone: settings.timezone,
    leadDays: site.maxRequestLeadTimeDays!,
    maxHireDays: site.maxHireDays!,
    horizonDays: site.bookingHorizonDays!,
    now,
  };
  const freeAgain = await freeAgainFor(stores, tenantId, input, catalogue, free, settings, bounds);
  const findings = [
    ...checkQuoteRequest(input, { items, free, freeAgain, ...bounds }),
    ...(storeSaid ? [{ pointer: '/store', message: storeSaid }] : []),
  ];
  // Collected from a store it names: what that store has free (the nearest store is chosen below by its stock).
  const named =
    !storeSaid && input.store ? settings.vendor.stores?.find((store) => store.id === input.store) : undefined;
  if (named && !findings.length) {
    const main = mainStoreOf(settings.vendor.stores!);
    const range = { from: input.startDate, to: input.endDate };
    const there = await freeQuantities(stores, tenantId, [...items.values()], range, settings, now, undefined, true, {
      id: named.id,
      main,
    });
    input.items.forEach((line, index) => {
      const count = there.get(line.objectID) ?? 0;
      if (line.quantity > count)
        findings.push({
          pointer: `/items/${index}/quantity`,
          message: `${named.name} has only ${count} free from ${input.startDate} to ${input.endDate}: collect from another store, or from the nearest that has them`,
        });
    });
  }
  if (findings.length)
    throw new FieldProblemsError(
      findings,
      `Not sent: ${findings.length} problem${findings.length === 1 ? '' : 's'} to fix`,
    );

  // Where it is collected: the store asked for, else (a house with several) the nearest to the
  // production's address that keeps what it asks for, a kit's pieces counted.
  const wanted = input.items.flatMap((line) =>
    [...stockDemand(line.objectID, line.quantity, (objectID) => catalogue.get(objectID)?.kit)].flatMap(
      ([objectID, quantity]) => (catalogue.get(objectID) ? [{ item: catalogue.get(objectID)!, quantity }] : []),
    ),
  );
  const collectFrom =
    input.store ??
    ((settings.vendor.stores?.length ?? 0) > 1
      ? storeThatKeeps(
          settings.vendor,
          profile._geoloc,
          wanted,
          (
            await stores.quoteRequests.bookings(
              tenantId,
              wanted.map(({ item }) => item.objectID),
              input.startDate,
              input.startDate,
            )
          ).filter(isTransfer),
          input.startDate,
        )
      : undefined);
  const name = visitorName(profile);
  const id = options.id ?? randomUUID();
  // A part of a production request: the production follows it from the platform, signed in there.
  const platform = options.productionRequest ? await stores.tenantStore.get(PLATFORM_TENANT_ID) : undefined;
  const quote: QuoteRequest = {
    id,
    tenantId,
    uid: user.uid,
    email: user.email,
    ...(name && { name }),
    lines: input.items.map((line) => {
      const item = items.get(line.objectID)!;
      const rates =
        options.tradeDiscountPercent === undefined ? item.rates : tradeRates(item.rates, options.tradeDiscountPercent);
      return {
        objectID: item.objectID,
        name: item.name,
        quantity: line.quantity,
        dayRate: rates.day,
        ...(rates.week !== undefined && { weekRate: rates.week }),
        ...(item.kit && { kit: lineKitIn(item.objectID, catalogue) }),
      };
    }) as QuoteRequest['lines'],
    startDate: input.startDate,
    endDate: input.endDate,
    ...(collectFrom && { store: collectFrom }),
    ...(input.production?.trim() && { production: input.production.trim() }),
    ...(input.studio?.trim() && { studio: input.studio.trim() }),
    ...(input.purchaseOrder?.trim() && { purchaseOrder: input.purchaseOrder.trim() }),
    ...(input.billingContact?.trim() && { billingContact: input.billingContact.trim() }),
    ...(input.billingAddress?.trim() && { billingAddress: input.billingAddress.trim() }),
    ...(input.notes?.trim() && { notes: input.notes.trim() }),
    createdAt: now.toISOString(),
    state: 'requested',
    hold: 'none',
    revision: 0,
    versions: [],
    ...(options.productionRequest && { productionRequest: options.productionRequest }),
    ...(platform && { platformPage: `https://${platform.tenant.site.domain}${quoteHref(id)}` }),
    ...(options.subHire && { subHire: options.subHire }),
    history: [
      {
        at: now.toISOString(),
        action: 'request',
        from: 'requested',
        to: 'requested',
        by: 'visitor',
        email: user.email,
      },
    ],
  };
  await stores.quoteRequests.add(quote);
  // Counted atomically with any other change to the profile (two tabs asking at once count twice).
  await stores.profileStore.update(tenantId, user.uid, (current) => ({
    ...current,
    stats: { ...current.stats, quoteRequestCount: (current.stats?.quoteRequestCount ?? 0) + 1 },
    updatedAt: now.toISOString(),
  }));
  log.info({ tenantId, quoteRequest: quote.id, uid: user.uid, lines: quote.lines.length }, 'quote request');

  // The request stands whatever the mail does: a failure is logged for staff to follow up.
  const configuration = storefrontConfiguration(tenantId, stored.version, stored.tenant);
  for (const [to, content] of [
    [TO_HOUSE, quoteRequestMessage(configuration, quote)],
    [
      user.email,
      quoteConfirmationMessage(configuration, { email: user.email, ...(name && { displayName: name }) }, quote),
    ],
  ] as const) {
    await sendAs(stores.mailer, configuration, to, content).catch((error: unknown) =>
      log.error({ err: error, quoteRequest: quote.id, kind: content.kind }, 'quote request mail not sent'),
    );
  }
  return quote;
}
