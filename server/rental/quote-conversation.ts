/**
 * The conversation after a quote request, on the server: each step (schema/rental/quote-states.ts) checked
 * for who may take it, priced with the one pricing function (schema/rental/quote-pricing.ts), written with
 * its audit entry and its holds in one store change (a stale revision, a revised version or a
 * double booking is refused there), then mailed to the other side and pushed to the visitor's open
 * pages (their profile's unread count changes, which the storefront's live profile stream carries).
 *
 * No Fastify routes here: server/routes/api/quotes.ts (visitors) and quote-requests.ts (the
 * console) hand in who is asking.
 */
import { chargeRuleOf, hireTotals, type ChargeRule } from '../../schema/rental/hire-charges';
import {
  atStore,
  bookingWindow,
  freeOver,
  hiredInOver,
  isHiredIn,
  type Booking,
} from '../../schema/rental/availability';
import { lineKitIn, stockItemsOf, stockOfItem } from '../../schema/rental/kits';
import { freeCountingKits, withComponents, type StockItem } from './kit-stock';
import { mainStoreOf, placementStock, stockAtStore, storesOf, unknownStore } from '../../schema/rental/stores';
import { withDefaults } from '../../schema/defaults';
import { schemaDocuments } from '../../schema/documents';
import { glCodeOf, priceRequest, pricingRuleOf } from '../../schema/rental/quote-pricing';
import { addDays, dayCount, todayIn } from '../../schema/rental/quote-rules';
import { answerBy, holdKeyOf, holdUntil, isNotHold, pencilExpiresOn } from '../../schema/rental/holds';
import { signatureAsked, termsToSign } from '../../schema/rental/agreement';
import { coverAtAcceptance, type CoverChoice } from '../../schema/rental/cover';
import { PNG } from 'pngjs';
import {
  actionsFor,
  changePending,
  isOrderState,
  isOutState,
  isScanAction,
  openUntil,
  transition,
  type Actor,
  type QuoteAction,
  type QuoteState,
} from '../../schema/rental/quote-states';
import { hireCounts, neverOut, neverOutSaid, outByItem } from '../../schema/rental/hire';
import type {
  CategoryTree,
  Item,
  OrderChange,
  PricingInput,
  QuoteBreakdown,
  QuoteRequest,
  QuoteVersion,
  SignatureInput,
  SignedAgreement,
  SiteSettings,
  Tenant,
  VendorConfig,
} from '../../schema/types.generated';
import {
  beyondOneHold,
  cardHoldRuleOf,
  closingCapture,
  holdAskedFrom,
  holdCovers,
} from '../../schema/rental/card-hold';
import { formatMoney } from '../../schema/display/format';
import { CardHoldNeededError, holdAfterStep, neededFor, tooLargeForACard, type CardHolds } from '../payments';
import { finalInvoiceOf } from '../../schema/rental/invoices';
import { invoiceContext, issueAfterStep } from './invoicing';
import type { InvoiceStore } from '../stores/invoice-store';
import { FieldProblemsError } from '../stores/field-problems';
import type { ItemStore } from '../stores/item-store';
import type { ProfileStore } from '../stores/profile-store';
import {
  revisionOf,
  UnknownQuoteError,
  type BookingChange,
  type QuoteRequestStore,
} from '../stores/quote-request-store';
import type { CustomerAccountStore } from '../stores/customer-account-store';
import { accountTermsAt, type AccountTerms } from './on-account-steps';

/** A step the table allows in general but not here and now (expired, revised, another's). */
export class QuoteRefusedError extends Error {
  readonly statusCode = 409;
}

export interface QuoteStores {
  quoteRequests: QuoteRequestStore;
  itemStore: ItemStore;
  profileStore: ProfileStore;
  /** The card holds (the server's): with them, accepting needs an authorised hold and a step that ends a request settles its hold. */
  cardHolds?: CardHolds;
  /** The invoices (the server's): with them, confirming issues a pro forma, closing the invoice, cancelling an order voids and invoices its fee. */
  invoices?: InvoiceStore;
  /** The house's customer accounts: with them, a member accepts on account, and confirming checks the account's credit. */
  customerAccounts?: CustomerAccountStore;
}

/** What a tenant's settings say about quotes, with the schema's defaults filled in. */
export interface QuoteSettings {
  site: SiteSettings;
  vendor: VendorConfig;
  categories: CategoryTree | undefined;
  timezone: string;
  turnaroundDays: number;
  /** Hours after a hire's last day before what is still out is overdue. */
  returnGraceHours: number;
  /** How many days before its first day a hire may go out. */
  earlyOutDays: number;
  /** What late days, damage and losses cost. */
  charges: ChargeRule;
}

export function quoteSettingsOf(tenant: Tenant): QuoteSettings {
  const site = withDefaults('site', tenant.site);
  const vendor = withDefaults('vendor', tenant.vendor);
  // A vendor with no time zone set counts its days in UTC.
  return {
    site,
    vendor,
    categories: tenant.categories,
    timezone: vendor.timezone ?? 'UTC',
    turnaroundDays: site.turnaroundDays!,
    returnGraceHours: site.returnGraceHours!,
    earlyOutDays: site.earlyOutDays!,
    charges: chargeRuleOf(site, vendor),
  };
}

export const latestVersion = (quote: QuoteRequest): QuoteVersion | undefined => quote.versions?.at(-1);

/** The items some requests name, and their kits' components, by objectID, in one read (an item gone from the catalogue is absent). */
export async function itemsOfQuotes(
  itemStore: Pick<ItemStore, 'getMany'>,
  tenantId: string,
  quotes: ReadonlyArray<Pick<QuoteRequest, 'lines'>>,
): Promise<Map<string, Item>> {
  // A kit's components too: what it takes from stock, is worth and is invoiced as.
  const lines = quotes.flatMap((quote) => quote.lines);
  const objectIDs = [...new Set([...lines.map((line) => line.objectID), ...stockItemsOf(lines)])];
  return new Map((await itemStore.getMany(tenantId, objectIDs)).map((item) => [item.objectID, item]));
}
export const stateOf = (quote: QuoteRequest): QuoteState => quote.state ?? 'requested';
const holdOf = (quote: QuoteRequest) => quote.hold ?? 'none';

/** Whether a request's hire has begun (its first day is today or past): it can no longer be quoted, accepted or confirmed. */
export const hasStarted = (quote: Pick<QuoteRequest, 'startDate'>, today: string) => quote.startDate <= today;

/**
 * Whether an open request is due to expire (it is then expired, stored or not): a quote past its
 * last valid day, or any open request whose hire has started.
 */
export function isDue(quote: QuoteRequest, today: string): boolean {
  const until = openUntil(quote);
  return until !== undefined && until < today;
}

/** The buttons `actor` has on a request today: the table's, less those a started hire cannot take. */
export function actionsNow(quote: QuoteRequest, actor: Actor, today: string): QuoteAction[] {
  const actions = actionsFor(
    { state: stateOf(quote), hold: holdOf(quote), changePending: changePending(quote) },
    actor,
  );
  return hasStarted(quote, today) ? actions.filter((action) => closingSteps.has(action)) : actions;
}

/** The last day a quote sent today can be accepted: its validity, ending the day before the hire starts. */
export function quoteExpiresOn(quote: Pick<QuoteRequest, 'startDate'>, today: string, validDays: number): string {
  const validity = addDays(today, validDays);
  const dayBefore = addDays(quote.startDate, -1);
  return validity < dayBefore ? validity : dayBefore;
}

/** The limits of the stored request (its schema's), checked before a step is written so none is ever a 500. */
const historyLimit = schemaDocuments.quoteRequest.properties.history.maxItems;
const versionLimit = schemaDocuments.quoteRequest.properties.versions.maxItems;
const amountLimit = schemaDocuments.quoteRequest.$defs.quoteAmount.maximum;
/** History entries kept back for the steps that close or free a request, so cancel, release, decline and expiry always fit. */
const CLOSING_ROOM = 5;
const closingSteps: ReadonlySet<QuoteAction> = new Set(['release', 'cancel', 'decline', 'expire', 'close']);

/** A limit of the stored request reached: refused before anything is written, saying which. */
export class QuoteLimitError extends QuoteRefusedError {}

/** Each line's GL code: its item's subcategory, else category, else group (items gone from the catalogue have none). */
export function lineGlCodes(
  settings: QuoteSettings,
  items: ReadonlyMap<string, Item>,
): Map<string, string | undefined> {
  return new Map([...items.values()].map((item) => [item.objectID, glCodeOf(settings.categories, item.category)]));
}

/** The breakdown of a request priced with `pricing` under the tenant's rule, from the rates it was asked at. */
export function breakdownOf(
  quote: QuoteRequest,
  pricing: PricingInput,
  settings: QuoteSettings,
  glCodes: ReadonlyMap<string, string | undefined>,
): QuoteBreakdown {
  return priceRequest(
    quote,
    pricing,
    { line: (objectID) => glCodes.get(objectID), service: (path) => glCodeOf(settings.categories, path) },
    pricingRuleOf(settings.vendor, settings.site),
  );
}

/** What stops a priced version being sent: adjustments for items not on the request, services outside the Service group, lines without a GL code, a line priced below zero. */
export function pricingProblems(
  quote: QuoteRequest,
  pricing: PricingInput,
  settings: QuoteSettings,
  breakdown: QuoteBreakdown,
): Array<{ pointer: string; message: string }> {
  const problems: Array<{ pointer: string; message: string }> = [];
  const asked = new Set(quote.lines.map((line) => line.objectID));
  for (const objectID of Object.keys(pricing.adjustments))
    if (!asked.has(objectID))
      problems.push({ pointer: `/adjustments/${objectID}`, message: 'is not an item on this request' });
  const serviceGroups = new Set(
    (settings.categories?.groups ?? []).filter((group) => group.kind === 'service').map((group) => group.slug),
  );
  pricing.services.forEach((service, index) => {
    const group = settings.categories?.groups.find((entry) => entry.slug === service.category.group);
    const category = group?.categories.find((entry) => entry.slug === service.category.category);
    if (!serviceGroups.has(service.category.group) || !category)
      problems.push({
        pointer: `/services/${index}/category`,
        message: 'must be a category of a Service group in the category tree',
      });
    // A line at nothing is most often a price not typed yet: said, not sent (a free service is said in the message).
    if (service.unitPrice === 0)
      problems.push({
        pointer: `/services/${index}/unitPrice`,
        message: `${service.name.trim() || 'This service'} is priced at nothing: give its price, or remove the line and say it is free in the message`,
      });
  });
  for (const index of breakdown.missingGlCodes) {
    const line = breakdown.lines[index]!;
    const pointer =
      line.kind === 'item' ? `/adjustments/${line.objectID}` : `/services/${index - quote.lines.length}/category`;
    problems.push({
      pointer,
      message: `${line.name} has no GL code: give its subcategory, category or group one in the category tree`,
    });
  }
  breakdown.lines.forEach((line, index) => {
    if (line.kind === 'item' && line.adjustment && line.unitPrice * line.quantity + line.adjustment.amount < 0)
      problems.push({
        pointer: `/adjustments/${line.objectID}/amount`,
        message: `would price ${line.name} below zero`,
      });
    // Each line, and the totals, within what a stored quote can hold: said at the field that makes it so.
    const pointer =
      line.kind === 'item'
        ? `/adjustments/${line.objectID}/amount`
        : `/services/${index - quote.lines.length}/unitPrice`;
    const largest = Math.max(
      line.unitPrice,
      line.subtotal,
      line.kind === 'item' ? line.unitPrice * line.quantity : line.subtotal,
    );
    if (largest > amountLimit)
      problems.push({
        pointer,
        message: `${line.name} comes to ${formatAmount(largest)}, above the most one quote can hold (${formatAmount(amountLimit)}): split the hire or lower the amounts`,
      });
  });
  const total = breakdown.cardAuthorisation?.amount ?? breakdown.total;
  if (!problems.length && total > amountLimit)
    problems.push({
      pointer: pricing.services.length ? '/services' : '/adjustments',
      message: `the quote comes to ${formatAmount(total)}, above the most one quote can hold (${formatAmount(amountLimit)}): split the hire into requests`,
    });
  return problems;
}

const formatAmount = (amount: number) =>
  amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export interface ActionRequest {
  tenantId: string;
  id: string;
  action: QuoteAction;
  actor: Actor;
  /** The account acting (the visitor's uid is checked against the request's); whether its email is proven. */
  who: { uid?: string; email?: string; emailVerified?: boolean };
  /** The request's revision the client saw (If-Match). */
  revision: number;
  /** For `quote` and `change`: the vendor's pricing. */
  pricing?: PricingInput;
  /** For `change`: the lines and dates the request or order changes to. */
  change?: Pick<OrderChange, 'items' | 'startDate' | 'endDate' | 'store'>;
  /** For `accept`: the version the visitor read. */
  version?: number;
  /** For `accept`: the production's purchase-order number and billing contact, printed on its invoices. */
  billing?: Pick<QuoteRequest, 'purchaseOrder' | 'billingContact' | 'billingAddress'>;
  /** For `decline` and `cancel`: why, shown to the other side and mailed (needed to cancel a confirmed order). */
  note?: string;
  /** For `close`, when something never went out: invoice it as booked, or credit it. */
  notTaken?: 'invoice' | 'credit';
  /** For `accept`: the customer account (its id) the visitor orders on instead of a card. */
  account?: string;
  /** For `confirm`: the house's reason for confirming an order its account's credit limit or overdue invoices hold back. */
  release?: string;
  /** For `extend`: the hold's new last day. */
  until?: string;
  /** For `reorder`: the instant the hold ranks from now (rankedAheadOf, read from the bookings). */
  rankedAt?: string;
  /** For `challenge`: the request behind the hold that wants its items. */
  challenger?: string;
  /** For `accept`: the way of cover chosen as it accepts (where the house takes several). */
  cover?: CoverChoice;
  /** For `accept` where the house has rental terms: the version read, and who signs. */
  signature?: SignatureInput;
  /** The network address the step came from (kept with a signature). */
  ip?: string;
  now: Date;
}

/**
 * A hire about to close, with what never went out settled as the vendor chose (kept on the order,
 * so its invoice says it); without a choice, refused naming what never went out, so the vendor is
 * told before anything is invoiced.
 */
function settledNotTaken(stored: QuoteRequest, choice: ActionRequest['notTaken']): QuoteRequest {
  const missing = neverOut({ ...stored, state: 'returned' });
  if (!missing.length) return stored;
  if (!choice)
    throw new FieldProblemsError(
      [
        {
          pointer: '/notTaken',
          message: `${neverOutSaid(missing)} never went out: choose to invoice ${missing.length === 1 && missing[0]!.quantity === 1 ? 'it' : 'them'} as booked, or to credit ${missing.length === 1 && missing[0]!.quantity === 1 ? 'it' : 'them'}`,
        },
      ],
      `Not closed: ${neverOutSaid(missing)} never went out`,
      409,
    );
  return {
    ...stored,
    hire: { ...stored.hire!, notTaken: { choice, lines: missing as [(typeof missing)[number], ...typeof missing] } },
  };
}

/**
 * The request with the vendor's change applied (its lines and dates), or FieldProblemsError saying
 * what cannot be: an item not in the catalogue, more than the stock, fewer than are out now (or an
 * item dropped while some are out), a new first day once the hire is under way, a last day before
 * today on an order out. Lines kept keep the rates they were asked at; new ones take today's.
 */
export function changedLines(
  stored: QuoteRequest,
  change: NonNullable<ActionRequest['change']>,
  items: ReadonlyMap<string, Item>,
  settings: QuoteSettings,
  today: string,
  hiredIn: ReadonlyMap<string, number> = new Map(),
): QuoteRequest {
  const problems: Array<{ pointer: string; message: string }> = [];
  const out = outByItem(stored);
  const lines = change.items.map((line, index) => {
    const item = items.get(line.objectID);
    const kept = stored.lines.find((entry) => entry.objectID === line.objectID);
    if (!item)
      problems.push({
        pointer: `/items/${index}/objectID`,
        message: `no item ${JSON.stringify(line.objectID)} in this catalogue`,
      });
    else if (line.quantity > stockOfItem(line.objectID, items) + (hiredIn.get(line.objectID) ?? 0))
      problems.push({
        pointer: `/items/${index}/quantity`,
        message: inStockSaid(stockOfItem(line.objectID, items), hiredIn.get(line.objectID)),
      });
    if ((out.get(line.objectID) ?? 0) > line.quantity)
      problems.push({
        pointer: `/items/${index}/quantity`,
        message: `${out.get(line.objectID)} are out on this order now: check them in before asking for fewer`,
      });
    if (change.items.findIndex((other) => other.objectID === line.objectID) !== index)
      problems.push({ pointer: `/items/${index}/objectID`, message: 'is on another line too: one line per item' });
    const rates = kept ?? {
      dayRate: item?.rates.day ?? 0,
      ...(item?.rates.week !== undefined && { weekRate: item.rates.week }),
    };
    // A kit kept keeps what it was made of when asked for, as it keeps its rates.
    const kit = kept ? kept.kit : lineKitIn(line.objectID, items);
    return {
      objectID: line.objectID,
      name: item?.name ?? kept?.name ?? line.objectID,
      quantity: line.quantity,
      dayRate: rates.dayRate,
      ...(rates.weekRate !== undefined && { weekRate: rates.weekRate }),
      ...(kit && { kit }),
    };
  });
  for (const [objectID, count] of out)
    if (count > 0 && !change.items.some((line) => line.objectID === objectID))
      problems.push({
        pointer: '/items',
        message: `${items.get(objectID)?.name ?? objectID}: ${count} out on this order now; it cannot be dropped before they are back`,
      });
  if (change.endDate < change.startDate)
    problems.push({ pointer: '/endDate', message: 'must be on or after the first day' });
  if (isOutState(stateOf(stored)) && change.startDate !== stored.startDate)
    problems.push({
      pointer: '/startDate',
      message: `the hire is under way: it keeps its first day, ${stored.startDate}`,
    });
  if (isOrderState(stateOf(stored)) && change.endDate < today)
    problems.push({ pointer: '/endDate', message: `must be today (${today}) or later` });
  if (dayCount(change.startDate, change.endDate) > settings.site.maxHireDays!)
    problems.push({ pointer: '/endDate', message: `a hire lasts at most ${settings.site.maxHireDays} days` });
  const storeSaid = unknownStore(settings.vendor, change.store);
  if (storeSaid) problems.push({ pointer: '/store', message: storeSaid });
  else if (change.store !== undefined) {
    // Once any of it is out, it comes back where it went out from.
    const houseStores = storesOf(settings.vendor);
    const from = houseStores.find((store) => store.id === (stored.store ?? mainStoreOf(houseStores)));
    if (change.store !== from?.id && [...out.values()].some((count) => count > 0))
      problems.push({ pointer: '/store', message: `the hire is under way from ${from?.name}: it keeps its store` });
  }
  if (problems.length)
    throw new FieldProblemsError(
      problems,
      `Not changed: ${problems.length} problem${problems.length === 1 ? '' : 's'} to fix`,
    );
  return {
    ...stored,
    lines: lines as QuoteRequest['lines'],
    startDate: change.startDate,
    endDate: change.endDate,
    ...(change.store !== undefined && { store: change.store }),
  };
}

/** What closing a hire takes from its card: the final invoice's total, or on a customer account only the charges after the hire (the deposit card's). */
const closingDueOf = (order: QuoteRequest, settings: QuoteSettings, items: ReadonlyMap<string, Item>, now: Date) =>
  order.account
    ? hireTotals(0, order.hire?.charges).charges
    : finalInvoiceOf(order, invoiceContext(settings, items, now)).total;

/** What closing a hire would do, said before it is done: for each way of invoicing what never went out, what is due and what the card on hold gives of it. */
export function closingPreview(
  order: QuoteRequest,
  settings: QuoteSettings,
  items: ReadonlyMap<string, Item>,
  now: Date,
) {
  const hold = order.cardHold?.status === 'authorised' && !order.cardHold.pending ? order.cardHold : undefined;
  const missing = neverOut(order).length > 0;
  const taking = (choice: 'invoice' | 'credit') => {
    const due = closingDueOf(missing ? settledNotTaken(order, choice) : order, settings, items, now);
    return { due, capture: hold ? closingCapture(due, hold).capture : 0 };
  };
  return {
    from: hold ? (order.account ? 'deposit' : 'card') : 'none',
    invoice: taking('invoice'),
    credit: taking('credit'),
  } as const;
}

/** How many an item has, said as a refusal: "only 5 in stock", or with stock hired in on the dates "only 8 on these dates (5 own and 3 hired in)". */
const inStockSaid = (own: number, hiredIn = 0) =>
  hiredIn ? `only ${own + hiredIn} on these dates (${own} own and ${hiredIn} hired in)` : `only ${own} in stock`;

/** The most of each item hired in on any day of a change's dates: what it may ask for beyond the item's own stock. */
async function hiredInFor(
  stores: QuoteStores,
  tenantId: string,
  change: ActionRequest['change'],
): Promise<Map<string, number>> {
  if (!change || change.endDate < change.startDate) return new Map();
  const objectIDs = [...new Set(change.items.map((line) => line.objectID))];
  const booked = (await stores.quoteRequests.bookings(tenantId, objectIDs, change.startDate, change.endDate)).filter(
    isHiredIn,
  );
  return new Map(
    objectIDs.map((objectID) => [
      objectID,
      hiredInOver(
        booked.filter((booking) => booking.objectID === objectID),
        change.startDate,
        change.endDate,
      ),
    ]),
  );
}

/**
 * The hold a step leaves: placed now (the house's hold days on), extended to the day the house
 * chose, or challenged for the request behind it (the answer window in working hours); kept as
 * it is otherwise. A bad day or a second challenge is refused by field.
 */
function pencilAfter(stored: QuoteRequest, step: ActionRequest, settings: QuoteSettings, today: string) {
  const site = settings.site;
  const placed = stored.pencil ?? {
    placedAt: step.now.toISOString(),
    until: holdUntil(today, site.holdDays!, stored.startDate),
    by: step.actor,
  };
  if (step.action === 'extend') {
    const lastDay = addDays(stored.startDate, -1);
    if (step.until === undefined || step.until < today || step.until > lastDay)
      throw new FieldProblemsError(
        [
          {
            pointer: '/until',
            message:
              lastDay < today
                ? `the hire starts on ${stored.startDate}: a hold cannot be extended into it`
                : `must be a day from ${today} to ${lastDay} (the day before the hire)`,
          },
        ],
        'Not extended: choose the hold’s new last day',
      );
    return { ...placed, until: step.until };
  }
  if (step.action === 'reorder') {
    if (!step.rankedAt) throw new QuoteRefusedError('Choose the hold to move this one ahead of.');
    return { ...placed, rankedAt: step.rankedAt };
  }
  if (step.action === 'challenge') {
    if (placed.challenge)
      throw new QuoteRefusedError(
        `This hold is already challenged: its holder answers by ${placed.challenge.answerBy}.`,
      );
    if (!step.challenger || step.challenger === stored.id)
      throw new QuoteRefusedError('A hold is challenged for another request, one behind it.');
    const answer = answerBy(step.now, site.holdAnswerHours!, settings.timezone, site.workingDays ?? []);
    return {
      ...placed,
      challenge: { by: step.challenger, at: step.now.toISOString(), answerBy: answer.toISOString() },
    };
  }
  return placed;
}

/** Whether a drawn signature is a PNG that decodes, of a size a pad draws (the schema checked its form). */
function isSignatureImage(drawing: string): boolean {
  try {
    const image = PNG.sync.read(Buffer.from(drawing.slice(drawing.indexOf(',') + 1), 'base64'));
    return image.width > 0 && image.height > 0 && image.width <= 4000 && image.height <= 4000;
  } catch {
    return false;
  }
}

/** The house's terms as the production signs them, or FieldProblemsError / QuoteRefusedError saying what is missing or stale. */
function signedAgreement(step: ActionRequest, settings: QuoteSettings, now: Date): SignedAgreement {
  const terms = termsToSign(settings.site)!;
  const name = step.signature?.name.trim();
  if (!step.signature || !name)
    throw new FieldProblemsError(
      [{ pointer: '/signature/name', message: 'sign with your full name to accept the rental terms' }],
      'Not accepted: sign the rental terms first',
    );
  if (step.signature.termsVersion !== terms.version)
    throw new QuoteRefusedError(
      `The rental terms changed since you read them (version ${step.signature.termsVersion}; now ${terms.version}): read them again, then sign.`,
    );
  const title = step.signature.title?.trim();
  const drawing = step.signature.drawing;
  if (drawing !== undefined && !isSignatureImage(drawing))
    throw new FieldProblemsError(
      [{ pointer: '/signature/drawing', message: 'is not a signature image: draw it again' }],
      'Not accepted: the drawn signature could not be read',
    );
  return {
    termsVersion: terms.version,
    terms: terms.text,
    name,
    ...(title && { title }),
    ...(drawing !== undefined && { drawing }),
    at: now.toISOString(),
    ip: (step.ip ?? 'unknown').slice(0, 64),
  };
}

/** Takes one step of the conversation; returns the request as stored after it. */
export async function takeAction(
  stores: QuoteStores,
  settings: QuoteSettings,
  step: ActionRequest,
): Promise<QuoteRequest> {
  const current = await stores.quoteRequests.get(step.tenantId, step.id);
  if (!current || (step.actor === 'visitor' && current.uid !== step.who.uid)) throw new UnknownQuoteError(step.id);
  if (isScanAction(step.action))
    throw new QuoteRefusedError("Items go out and come back one scan at a time: use the order's scan screen.");
  const today = todayIn(settings.timezone, step.now);
  // The request's items, what its kits take (as its lines keep them) and any kit a change adds, opened.
  const items = await withComponents(stores.itemStore, step.tenantId, [
    ...current.lines.map((line) => line.objectID),
    ...stockItemsOf(current.lines),
    ...(step.change?.items.map((line) => line.objectID) ?? []),
  ]);
  const hiredIn = step.action === 'change' ? await hiredInFor(stores, step.tenantId, step.change) : undefined;
  // The account an acceptance names, or the one a confirmation's order is on, read before the change (which may run again).
  const terms: AccountTerms = await accountTermsAt(stores, settings, step, current, items);

  // The hold as stored when this attempt of the change read it (a Firestore transaction may retry).
  let heldBefore = holdOf(current);
  let stateBefore = stateOf(current);
  // Whether the step keeps an order's bookings as they stand (closing it, accepting a change already placed).
  let keepsOrder = false;
  // When the request's own hold was placed, as stored: its order passes the holds ranked behind it
  // (a hold placed before ranks were kept has no instant: it ranks first).
  const heldAtOf = (stored: QuoteRequest) =>
    holdOf(stored) === 'pencil' ? (stored.pencil ? holdKeyOf(stored.pencil) : '') : undefined;
  let heldAtBefore = heldAtOf(current);
  const apply = (stored: QuoteRequest): QuoteRequest => {
    heldBefore = holdOf(stored);
    stateBefore = stateOf(stored);
    heldAtBefore = heldAtOf(stored);
    // A request due to expire is expired whether or not that is stored yet (the expiry itself moves
    // it); cancel and release still work on it, so nothing is ever held for good.
    const due = isDue(stored, today);
    const state = due && step.action !== 'expire' && !closingSteps.has(step.action) ? 'expired' : stateOf(stored);
    // A change is judged on the lines it leads to (an order out goes where its new counts say).
    const changed =
      step.action === 'change'
        ? changedLines(stored, step.change!, items, settings, today, hiredIn)
        : step.action === 'close' && state === 'returned'
          ? settledNotTaken(stored, step.notTaken)
          : stored;
    const allowed = transition(
      { state, hold: holdOf(stored), changePending: changePending(stored) },
      step.action,
      step.actor,
      hireCounts(changed),
    );
    if (!allowed.ok) {
      if (due && hasStarted(stored, today))
        throw new QuoteRefusedError(
          `This hire started on ${stored.startDate}: it can no longer be quoted, accepted or confirmed. Ask for new dates.`,
        );
      throw new QuoteRefusedError(
        due ? `This quote expired after ${latestVersion(stored)!.expiresOn}. Ask for a new one.` : allowed.reason,
      );
    }
    if (step.action === 'cancel' && stateOf(stored) === 'confirmed' && !step.note?.trim())
      throw new FieldProblemsError(
        [{ pointer: '/reason', message: 'say why the order is cancelled: the visitor reads it in their mail' }],
        'Not cancelled: give a reason',
      );
    if ((step.action === 'quote' || (step.action === 'change' && !isOrderState(state))) && hasStarted(changed, today))
      throw new QuoteRefusedError(
        `This hire starts on ${changed.startDate}: it can no longer be quoted. Ask the visitor for new dates.`,
      );
    const history = stored.history ?? [];
    if (history.length >= historyLimit - (closingSteps.has(step.action) ? 0 : CLOSING_ROOM))
      throw new QuoteLimitError(
        `This request has ${history.length} steps, the most its history keeps: it can only be released, declined or cancelled now. Ask for a new request to go on.`,
      );
    let versions = stored.versions ?? [];
    if ((step.action === 'quote' || step.action === 'change') && versions.length >= versionLimit)
      throw new QuoteLimitError(
        `This request has ${versions.length} priced versions, the most it keeps: cancel it and ask for a new request to quote again.`,
      );
    // Accepting a quote signs the house's rental terms, when it has them (the version read, a typed name).
    const agreement =
      step.action === 'accept' && signatureAsked(settings.site, { ...stored, state })
        ? signedAgreement(step, settings, step.now)
        : undefined;
    // Where the house takes several ways of cover, a quote is accepted with one chosen (the waiver and the card's change the price);
    // a house hiring on account names it as it accepts (a card hold is not among its ways).
    const acceptedCover =
      step.action === 'accept' && !isOrderState(state) ? coverAtAcceptance(stored, step.cover, settings.site) : {};
    if (acceptedCover.problem)
      throw new FieldProblemsError(
        [{ pointer: '/cover', message: acceptedCover.problem }],
        'Not accepted: choose the cover first',
      );
    const cover = acceptedCover.cover && {
      choice: acceptedCover.cover,
      at: step.now.toISOString(),
      by: step.actor === 'vendor' ? ('vendor' as const) : ('visitor' as const),
    };
    if (step.action === 'accept') {
      const latest = latestVersion(stored)!;
      if (step.version !== latest.version)
        throw new QuoteRefusedError(
          `Version ${step.version ?? '?'} was revised: read version ${latest.version} before you accept it.`,
        );
      // With the 'before check-out' timing, a hire that starts later is accepted without a card (it is asked for before the hire);
      // on an account with no deposit, none is.
      const cardless = terms.accepting && terms.accepting.deposit === 'none';
      if (
        !cardless &&
        stores.cardHolds &&
        settings.site.ccAuthEnabled &&
        holdAskedFrom(stored, cardHoldRuleOf(settings.site).timing, today) === undefined
      ) {
        // What the card holds follows the cover this acceptance leaves (a card's cover holds the replacement value).
        const need = neededFor(cover ? { ...stored, cover } : stored, items, settings.site);
        if (beyondOneHold(need.amount, settings.site.currency ?? 'USD'))
          throw new CardHoldNeededError(tooLargeForACard(need.amount, settings.site));
        if (!holdCovers(stored.cardHold, need.amount, step.now))
          throw new CardHoldNeededError(
            `Authorise your card first: accepting holds ${formatMoney(need.amount, settings.site)} on it (nothing is charged until the hire is closed).`,
          );
      }
    }
    if (step.action === 'quote' || step.action === 'change') {
      const pricing = step.pricing ?? { adjustments: {}, services: [] };
      const breakdown = breakdownOf(changed, pricing, settings, lineGlCodes(settings, items));
      const problems = pricingProblems(changed, pricing, settings, breakdown).map((problem) =>
        step.action === 'change' ? { ...problem, pointer: `/pricing${problem.pointer}` } : problem,
      );
      if (problems.length)
        throw new FieldProblemsError(
          problems,
          `Not sent: ${problems.length} problem${problems.length === 1 ? '' : 's'} to fix`,
        );
      // A change to an order is accepted again within the quote's validity from today (its hire may be under way).
      const validUntil = isOrderState(state)
        ? addDays(today, settings.site.quoteValidDays!)
        : quoteExpiresOn(changed, today, settings.site.quoteValidDays!);
      versions = [
        ...versions,
        { version: versions.length + 1, sentAt: step.now.toISOString(), expiresOn: validUntil, pricing, breakdown },
      ];
    }
    const hold = allowed.hold === 'keep' ? holdOf(stored) : allowed.hold === 'release' ? 'none' : allowed.hold;
    keepsOrder = allowed.hold === 'keep' && hold === 'order';
    const pencil = hold === 'pencil' ? pencilAfter(stored, step, settings, today) : undefined;
    const after = { ...changed, ...(cover && { cover }), state: allowed.to, versions };
    // Closing takes what the hire came to from the card; on a customer account, the card (a deposit) pays only the charges after the hire.
    const closingDue = () => closingDueOf(after, settings, items, step.now);
    const cardHold = holdAfterStep(
      stored.cardHold,
      step.action,
      state,
      after,
      cardHoldRuleOf(settings.site),
      step.now,
      closingDue,
    );
    // Accepting a quote (not a change to an order) settles how it is paid: on the account named, else by card.
    // The hold goes with the step: placed, extended or challenged, kept, or gone with the pencil.
    const { account: _account, pencil: _pencil, ...withoutAccount } = changed;
    const paidBy =
      step.action === 'accept' && !isOrderState(state)
        ? {
            ...withoutAccount,
            ...(terms.accepting && { account: terms.accepting }),
            ...(terms.billingAddress && !changed.billingAddress && { billingAddress: terms.billingAddress }),
          }
        : { ...withoutAccount, ...(changed.account && { account: changed.account }) };
    return {
      ...paidBy,
      ...(step.action === 'confirm' && terms.release && { accountRelease: terms.release }),
      ...(step.action === 'accept' &&
        step.billing?.purchaseOrder?.trim() && { purchaseOrder: step.billing.purchaseOrder.trim() }),
      ...(step.action === 'accept' &&
        step.billing?.billingContact?.trim() && { billingContact: step.billing.billingContact.trim() }),
      ...(step.action === 'accept' &&
        step.billing?.billingAddress?.trim() && { billingAddress: step.billing.billingAddress.trim() }),
      ...(cardHold && { cardHold }),
      ...(cover && { cover }),
      ...(pencil && { pencil }),
      ...(agreement && { agreement }),
      // A new signature on a changed order keeps the one it replaces.
      ...(agreement &&
        stored.agreement && {
          earlierAgreements: [...(stored.earlierAgreements ?? []), stored.agreement].slice(-20),
        }),
      state: allowed.to,
      hold,
      versions,
      history: [
        ...history,
        {
          at: step.now.toISOString(),
          action: step.action,
          from: state,
          to: allowed.to,
          by: step.actor,
          ...(step.who.email && { email: step.who.email }),
          ...(step.note?.trim() && { note: step.note.trim() }),
          ...(step.action === 'quote' || step.action === 'change' || step.action === 'accept'
            ? { version: versions.at(-1)!.version }
            : {}),
        },
      ],
    };
  };

  // Where the request's stock stands after the step: placed as an order, pencilled (lapsing with
  // the quote while it waits on the visitor), or released.
  const bookingsAfter = (next: QuoteRequest): BookingChange => {
    // Its store's stock, when the house has several: the one the request is fulfilled from.
    const placement = {
      ...placementStock(items, settings.vendor, next.store),
      turnaroundDays: settings.turnaroundDays,
      today,
    };
    // An order's bookings were checked when placed. Checked again at its close they would meet the
    // order's own losses and repairs (a unit it lost is off the shelf from today, inside its dates),
    // and a hire with a lost unit could never be closed.
    // Closed before its last day, a hire gives the rest of its days back (all of them, closed before its first).
    if (keepsOrder)
      return step.action !== 'close' || next.endDate <= today
        ? undefined
        : next.startDate > today
          ? 'release'
          : { place: 'order', placement, endsOn: today };
    if (next.hold === 'order')
      return { place: 'order', placement, ...(heldAtBefore !== undefined && { heldAt: heldAtBefore }) };
    // A pencil lapses on its hold's last day, or with the request's last open day (its quote's) if sooner.
    if (next.hold === 'pencil') return { place: 'pencil', expiresOn: pencilExpiresOn(next), placement };
    return heldBefore === 'none' ? undefined : 'release';
  };

  const changed = await stores.quoteRequests.change(step.tenantId, step.id, {
    revision: step.revision,
    apply,
    bookings: bookingsAfter,
  });
  // What the step owes the card hold is done now; a provider out of reach leaves it to the card-hold watch.
  const settled =
    changed.cardHold?.pending && stores.cardHolds
      ? await stores.cardHolds.settle(step.tenantId, step.id, settings.site, step.now)
      : changed;
  if (stores.invoices)
    await issueAfterStep(stores.invoices, settings, items, settled, step.action, stateBefore, step.now);
  return settled;
}

/**
 * Stores the expiry of a quoted request whose version ran out (and releases its pencil), then
 * `onExpired` (the routes mail the visitor); others come back as they are. Two readers at once
 * expire it once: the second's stale revision is refused and it reads the stored one.
 */
export async function expireIfDue(
  stores: QuoteStores,
  settings: QuoteSettings,
  quote: QuoteRequest,
  now: Date,
  onExpired?: (expired: QuoteRequest) => Promise<void>,
): Promise<QuoteRequest> {
  if (!isDue(quote, todayIn(settings.timezone, now))) return quote;
  try {
    const expired = await takeAction(stores, settings, {
      tenantId: quote.tenantId,
      id: quote.id,
      action: 'expire',
      actor: 'system',
      who: {},
      revision: revisionOf(quote),
      now,
    });
    await onExpired?.(expired);
    return expired;
  } catch {
    return (await stores.quoteRequests.get(quote.tenantId, quote.id)) ?? quote;
  }
}

/**
 * Stores the expiry of every request of a tenant that is due (found through the stores' index of
 * last open days), so lists can filter by state as stored. Most calls find none; a batch that
 * expires nothing (each refused) ends the sweep rather than spin.
 */
export async function expireDue(
  stores: QuoteStores,
  settings: QuoteSettings,
  tenantId: string,
  now: Date,
  onExpired?: (expired: QuoteRequest) => Promise<void>,
): Promise<void> {
  const today = todayIn(settings.timezone, now);
  for (;;) {
    const due = await stores.quoteRequests.due(tenantId, today, 100);
    const expired = await Promise.all(due.map((quote) => expireIfDue(stores, settings, quote, now, onExpired)));
    if (due.length < 100 || !expired.some((quote) => !isDue(quote, today))) return;
  }
}

/** Free quantity of each item over [from, to], leaving out the bookings of `exceptQuote`. */
export async function freeQuantities(
  stores: Pick<QuoteStores, 'quoteRequests' | 'itemStore'>,
  tenantId: string,
  items: readonly StockItem[],
  range: { from: string; to: string },
  settings: Pick<QuoteSettings, 'turnaroundDays' | 'timezone'>,
  now: Date,
  exceptQuote?: string,
  /** Count holds as free (a request may be made for held stock: it ranks behind the holds). */
  pastHolds = false,
  /** At one store of a house with several: its stock and its own bookings (transfers counted). */
  store?: { id: string; main: string },
): Promise<Map<string, number>> {
  const window = bookingWindow(range.from, range.to, settings.turnaroundDays);
  return freeCountingKits(stores.itemStore, tenantId, items, async (stocked) => {
    const booked = await stores.quoteRequests.bookings(
      tenantId,
      stocked.map((item) => item.objectID),
      window.from,
      window.to,
    );
    const counted = pastHolds ? booked.filter(isNotHold) : booked;
    if (!store) return freeAmong(stocked, counted, range, settings, now, exceptQuote);
    const here = stocked.map((item) => ({ ...item, quantity: stockAtStore(item, store.id, store.main) }));
    return freeAmong(here, counted.filter(atStore(store.id, store.main)), range, settings, now, exceptQuote);
  });
}

/** Free quantity of each item over [from, to], from bookings already read (every one of theirs in the window). */
function freeAmong(
  items: ReadonlyArray<Pick<Item, 'objectID' | 'quantity'>>,
  booked: readonly Booking[],
  range: { from: string; to: string },
  settings: Pick<QuoteSettings, 'turnaroundDays' | 'timezone'>,
  now: Date,
  exceptQuote?: string,
): Map<string, number> {
  const byItem = new Map<string, Booking[]>();
  for (const booking of booked)
    if (booking.quoteId !== exceptQuote)
      (byItem.get(booking.objectID) ?? byItem.set(booking.objectID, []).get(booking.objectID)!).push(booking);
  const today = todayIn(settings.timezone, now);
  return new Map(
    items.map((item) => [
      item.objectID,
      freeOver(item.quantity, byItem.get(item.objectID) ?? [], range.from, range.to, settings.turnaroundDays, today),
    ]),
  );
}

/** A tenant's stock on a listing's dates, from one read of its bookings over them. */
export interface StockOnDates {
  /** The items with none free on some day of the dates: what "available only" leaves out. */
  bookedOut: string[];
  /** How many of each of these items are free on the dates (a kit as its components allow). */
  free(items: readonly StockItem[]): Promise<Map<string, number>>;
}

/**
 * Reads a tenant's bookings over [from, to] once, for a listing with "available only": which items
 * are booked out, and then the shown items' free quantities from the same read (a dated listing
 * no cache helps made three reads of the bookings before).
 */
export async function stockOnDates(
  stores: Pick<QuoteStores, 'quoteRequests' | 'itemStore'>,
  tenantId: string,
  range: { from: string; to: string },
  settings: Pick<QuoteSettings, 'turnaroundDays' | 'timezone'>,
  now: Date,
): Promise<StockOnDates> {
  const window = bookingWindow(range.from, range.to, settings.turnaroundDays);
  const booked = await stores.quoteRequests.bookingsBetween(tenantId, window.from, window.to);
  const free = (items: readonly StockItem[]) =>
    freeCountingKits(stores.itemStore, tenantId, items, (stocked) => freeAmong(stocked, booked, range, settings, now));
  if (!booked.length) return { bookedOut: [], free };
  const items = await stores.itemStore.getMany(tenantId, [...new Set(booked.map((booking) => booking.objectID))]);
  const bookedOut = [...freeAmong(items, booked, range, settings, now)].filter(([, quantity]) => quantity < 1);
  return { bookedOut: bookedOut.map(([objectID]) => objectID), free };
}
