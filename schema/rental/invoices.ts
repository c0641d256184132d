/**
 * Invoices from a hire, as pure, browser-safe functions the server (issuing), the console and the
 * storefront (showing) share, so every cent on a document is the quote's and the hire's own:
 *
 * - Lines: each rental and service of the latest priced version (with how it was priced), then
 *   what never went out when credited, the charges after the hire (late, damage, loss), then card
 *   processing.
 * - Tax (`site.taxRatePercent`, named `taxName`): on rentals, services and late days, unless their
 *   category group is in `taxExemptGroups` (exempt); loss and damage are compensation, outside its
 *   scope. Each untaxed line says why (`untaxed`). One rounding per rate, on the sum of its lines.
 * - Card processing (`ccAuthProcessingPercentage`): by default (`cardProcessingTaxed`) on each group
 *   of lines before tax, taxed as they are (UK VAT: part of the price of the supply); otherwise on
 *   what is charged to the card, tax included, and never taxed itself. The total is the same.
 * - Credit notes: named lines by an amount each (their tax following them), or an amount spread over
 *   the invoice, or all of it; never past what a line charged.
 * - What a card hold captures at close-out is the final invoice's total, up to the hold; the rest is
 *   the invoice's balance due.
 * - Numbers: per tenant and kind, without gaps (the store takes them): INV-000042, PF-…, CN-….
 */
import type {
  Invoice,
  Item,
  LineCredit,
  PricedLine,
  QuoteBreakdown,
  QuoteRequest,
  SiteSettings,
} from '../types.generated';
import { addDays } from './quote-rules';
import { coverOptionsOf, type CoverChoice } from './cover';
import { cents } from './quote-pricing';
import { itemisedKitsOf, itemisedLines, type ComponentPart } from './itemised-kits';

export type InvoiceKind = Invoice['kind'];
export type InvoiceLine = Invoice['lines'][number];
/** A document before the store gives it its number. */
export type InvoiceDraft = Omit<Invoice, 'number' | 'sequence'>;

export interface TaxRule {
  name: string;
  /** Percent; 0 when the tenant charges none. */
  rate: number;
  exemptGroups: ReadonlySet<string>;
  /** The kinds of line a customer's exemption certificate takes the tax off (none without one). */
  exemptKinds?: ReadonlySet<InvoiceLine['kind']>;
  glCode: string | undefined;
}

export interface InvoiceRule {
  tax: TaxRule;
  /** Where card processing posts. */
  processingGlCode: string | undefined;
  /** The processing a card adds, in percent (0 when the tenant takes no card). */
  processingPercent: number;
  /**
   * Whether card processing takes the tax of what it pays for (site.cardProcessingTaxed): a
   * charge a supplier makes for the way its own customer pays is part of the price of the supply
   * under UK VAT (Everything Everywhere, CJEU C-276/09). Otherwise it is charged on the total with
   * tax and carries none.
   */
  processingTaxed: boolean;
  dueDays: number;
  /** The house's ways of cover: its damage waiver's terms, when it offers one, and its only way, when it has one. */
  cover: { waiver?: WaiverTerms; only?: CoverChoice };
  /** The waiver charged on this order (ruleForOrder: the production chose it, or it is the only way). */
  waiverCharged?: WaiverTerms;
}

/** What the damage waiver costs and how it is booked. */
export interface WaiverTerms {
  percent: number;
  taxed: boolean;
  glCode?: string | undefined;
}

/** Whether a customer's exemption certificate exempts on `day` (it is good through its expiry day; with no day, as it stands). */
export const exemptionStands = (exemption: { expiresOn: string } | undefined, day?: string): boolean =>
  !!exemption && (day === undefined || day <= exemption.expiresOn);

/**
 * The rule for one order: one on a customer account is not paid by card, so it carries no card
 * processing; with the account's exemption certificate in date on `day`, the lines it covers
 * (rentals, or every taxable line) carry no tax.
 */
export function ruleForOrder(
  order: Pick<QuoteRequest, 'account' | 'cover'>,
  orderRule: InvoiceRule,
  day?: string,
): InvoiceRule {
  // The damage waiver is charged when it is the order's cover (its own choice, or the house's only way).
  const waived = (order.cover?.choice ?? orderRule.cover.only) === 'waiver' && orderRule.cover.waiver;
  const rule = waived ? { ...orderRule, waiverCharged: orderRule.cover.waiver } : orderRule;
  if (!order.account) return rule;
  const exemption = order.account.exemption;
  if (!exemptionStands(exemption, day)) return { ...rule, processingPercent: 0 };
  const exemptKinds = new Set<InvoiceLine['kind']>(exemption!.covers === 'all' ? taxableKinds : ['rental']);
  return { ...rule, processingPercent: 0, tax: { ...rule.tax, exemptKinds } };
}

export function invoiceRuleOf(site: SiteSettings): InvoiceRule {
  return {
    tax: {
      name: site.taxName ?? 'Sales tax',
      rate: site.taxRatePercent ?? 0,
      exemptGroups: new Set(site.taxExemptGroups ?? []),
      glCode: site.taxGlCode,
    },
    processingGlCode: site.cardProcessingGlCode,
    processingPercent: site.ccAuthEnabled ? (site.ccAuthProcessingPercentage ?? 0) : 0,
    processingTaxed: site.cardProcessingTaxed ?? true,
    dueDays: site.invoiceDueDays ?? 30,
    cover: coverRuleOf(site),
  };
}

function coverRuleOf(site: SiteSettings): InvoiceRule['cover'] {
  const options = coverOptionsOf(site);
  const waiver = site.damageWaiver;
  return {
    ...(waiver &&
      options.includes('waiver') && {
        waiver: { percent: waiver.percent, taxed: waiver.taxed ?? true, glCode: waiver.glCode },
      }),
    ...(options.length === 1 && { only: options[0] }),
  };
}

/** The accountant's files the console offers (server/rental/accounting-export.ts writes them). */
export const EXPORT_FORMATS = ['xero', 'quickbooks', 'quickbooks-credit-notes', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const PREFIXES: Record<InvoiceKind, string> = { invoice: 'INV', proForma: 'PF', creditNote: 'CN' };

/** The printed number of the `sequence`th document of a kind. */
export const invoiceNumber = (kind: InvoiceKind, sequence: number) =>
  `${PREFIXES[kind]}-${String(sequence).padStart(6, '0')}`;

/** Which group each item is in (its tax follows the group); items gone from the catalogue are taxed. */
export type ItemGroups = ReadonlyMap<string, string>;

/** Each item's category group (its tax follows the group). */
export const itemGroupsOf = (items: ReadonlyMap<string, Pick<Item, 'category'>>): ItemGroups =>
  new Map([...items].map(([objectID, item]) => [objectID, item.category.group]));

const taxableKinds: ReadonlySet<InvoiceLine['kind']> = new Set(['rental', 'service', 'late', 'fee', 'waiver']);

/** A line's tax rate: the tenant's on taxable kinds outside the exempt groups, else none. */
function rateFor(kind: InvoiceLine['kind'], group: string | undefined, rule: TaxRule): number | undefined {
  if (rule.rate <= 0 || !taxableKinds.has(kind) || rule.exemptKinds?.has(kind)) return undefined;
  return group !== undefined && rule.exemptGroups.has(group) ? undefined : rule.rate;
}

/** A line's tax, as its fields: the rate where it is taxed; where the tenant charges tax and it carries none, why (compensation is outside the scope, the rest exempt). */
function taxOf(
  kind: InvoiceLine['kind'],
  group: string | undefined,
  rule: TaxRule,
): Pick<InvoiceLine, 'taxRate' | 'untaxed'> {
  const taxRate = rateFor(kind, group, rule);
  if (taxRate !== undefined) return { taxRate };
  return rule.rate > 0 ? { untaxed: COMPENSATION.has(kind) ? 'outsideScope' : 'exempt' } : {};
}

/** The quote's lines as invoice lines, each with its tax rate (services follow their own group). */
export function quotedLines(
  breakdown: Pick<QuoteBreakdown, 'lines'>,
  groups: ItemGroups,
  rule: TaxRule,
  detail?: (line: PricedLine) => string,
  /** Kits the house itemises (itemisedKitsOf), and what each component needs: their lines split. */
  itemise?: { kits: ReadonlyMap<string, QuoteRequest['lines'][number]>; part: IssueContext['part'] },
): InvoiceLine[] {
  return breakdown.lines.flatMap((line) => {
    const quoted = quotedLine(line, groups, rule, detail);
    const kit = line.kind === 'item' ? itemise?.kits.get(line.objectID ?? '') : undefined;
    return kit
      ? itemisedLines(
          quoted,
          kit,
          (objectID) => itemise?.part?.(objectID),
          (objectID) => taxOf('rental', groups.get(objectID), rule),
        )
      : [quoted];
  });
}

/** One priced line as an invoice line, with its tax. */
function quotedLine(
  line: QuoteBreakdown['lines'][number],
  groups: ItemGroups,
  rule: TaxRule,
  detail?: (line: PricedLine) => string,
): InvoiceLine {
  const kind = line.kind === 'item' ? 'rental' : 'service';
  const group = line.kind === 'item' ? groups.get(line.objectID ?? '') : line.category?.group;
  const explained = detail?.(line);
  return {
    kind,
    description: line.name,
    ...(explained && { detail: explained.slice(0, 1000) }),
    quantity: line.quantity,
    unitAmount: line.quantity ? cents(line.subtotal / line.quantity) : line.subtotal,
    amount: line.subtotal,
    ...(line.glCode !== undefined && { glCode: line.glCode }),
    ...taxOf(kind, group, rule),
  };
}

/** The charges found after the hire, as invoice lines. */
export function chargeLines(
  order: Pick<QuoteRequest, 'hire'>,
  groups: ItemGroups,
  rule: TaxRule,
  basis?: (charge: NonNullable<NonNullable<QuoteRequest['hire']>['charges']>[number]) => string,
): InvoiceLine[] {
  return (order.hire?.charges ?? []).map((charge) => {
    const said = basis?.(charge);
    return {
      kind: charge.kind,
      description: `${charge.kind === 'late' ? 'Late return' : charge.kind === 'damage' ? 'Damage' : 'Loss'}: ${charge.name}${charge.tag ? ` (${charge.tag})` : ''}`,
      ...(said && { detail: `${said}${charge.adjustment ? `; ${charge.adjustment.reason}` : ''}`.slice(0, 1000) }),
      quantity: charge.quantity,
      unitAmount: charge.quantity ? cents(charge.subtotal / charge.quantity) : charge.subtotal,
      amount: charge.subtotal,
      ...(charge.glCode !== undefined && { glCode: charge.glCode }),
      ...taxOf(charge.kind, groups.get(charge.objectID), rule),
    };
  });
}

/** Why a line carries no tax where the tenant charges one: compensation is outside its scope, a line in an exempt group (or a charge for paying, charged apart) is exempt, a 0% rate is zero-rated. */
export type UntaxedReason = NonNullable<InvoiceLine['untaxed']>;

/** Which lines a processing line pays for, when it is not taxed. */
const UNTAXED_ON: Record<UntaxedReason, (tax: string) => string> = {
  zeroRated: (tax) => `zero-rated for ${tax}`,
  exempt: (tax) => `exempt from ${tax}`,
  outsideScope: (tax) => `outside the scope of ${tax}`,
};

const COMPENSATION: ReadonlySet<InvoiceLine['kind']> = new Set(['loss', 'damage']);

export function untaxedReason(line: Pick<InvoiceLine, 'kind' | 'taxRate' | 'untaxed'>): UntaxedReason | undefined {
  if (line.taxRate === 0) return 'zeroRated';
  if (line.taxRate !== undefined) return undefined;
  // Documents issued before lines said why are read by their kind.
  return line.untaxed ?? (COMPENSATION.has(line.kind) ? 'outsideScope' : 'exempt');
}

/** The lines with no tax, added up by why (in the order the reasons are listed), for an invoice that charges tax. */
export function untaxedTotals(invoice: Pick<Invoice, 'lines'>): Array<{ reason: UntaxedReason; amount: number }> {
  const totals = new Map<UntaxedReason, number>();
  for (const line of invoice.lines) {
    const reason = untaxedReason(line);
    if (reason) totals.set(reason, cents((totals.get(reason) ?? 0) + line.amount));
  }
  return (['zeroRated', 'exempt', 'outsideScope'] as const).flatMap((reason) =>
    totals.has(reason) ? [{ reason, amount: totals.get(reason)! }] : [],
  );
}

/** The tax on some lines: one entry per rate, rounded once on the sum of its lines. */
export function taxesOf(lines: readonly InvoiceLine[], rule: TaxRule): Invoice['taxes'] {
  const byRate = new Map<number, number>();
  for (const line of lines)
    if (line.taxRate !== undefined) byRate.set(line.taxRate, (byRate.get(line.taxRate) ?? 0) + line.amount);
  return [...byRate].map(([rate, base]) => ({
    name: rule.name,
    rate,
    base: cents(base),
    amount: cents((base * rate) / 100),
    ...(rule.glCode !== undefined && { glCode: rule.glCode }),
  }));
}

/**
 * Lines, tax and processing added up. Processing (when the tenant takes a card) follows the tax of
 * what it pays for: one processing line per tax rate among the lines (and one for the lines with
 * none), each taxed as they are, so the order's total is what it would be with processing on the
 * total with tax. Where the tenant's processing carries no tax, it is one untaxed line on the
 * total with tax.
 */
/** The damage waiver charged on an order, as its line: its share of the rentals (less what never went out), taxed as the house says. */
function waiverLines(lines: readonly InvoiceLine[], rule: InvoiceRule): InvoiceLine[] {
  const waiver = rule.waiverCharged;
  if (!waiver) return [];
  const rentals = lines.filter((line) => line.kind === 'rental' || line.kind === 'credit');
  const amount = cents((rentals.reduce((sum, line) => sum + line.amount, 0) * waiver.percent) / 100);
  if (!amount) return [];
  return [
    {
      kind: 'waiver',
      description: `Damage waiver (${waiver.percent}% of the rentals)`,
      quantity: 1,
      unitAmount: amount,
      amount,
      ...(waiver.glCode !== undefined && { glCode: waiver.glCode }),
      ...(waiver.taxed
        ? taxOf('waiver', undefined, rule.tax)
        : rule.tax.rate > 0
          ? { untaxed: 'exempt' as const }
          : {}),
    },
  ];
}

export function withTotals(
  lines: readonly InvoiceLine[],
  rule: InvoiceRule,
): Pick<Invoice, 'lines' | 'subtotal' | 'taxes' | 'total'> {
  const processingLine = (amount: number, tax: Pick<InvoiceLine, 'taxRate' | 'untaxed'>, on?: string): InvoiceLine => ({
    kind: 'processing',
    description: `Card processing (${rule.processingPercent}%)`,
    ...(on && { detail: on }),
    quantity: 1,
    unitAmount: amount,
    amount,
    ...(rule.processingGlCode !== undefined && { glCode: rule.processingGlCode }),
    ...tax,
  });
  lines = [...lines, ...waiverLines(lines, rule)];
  let all: InvoiceLine[] = [...lines];
  if (rule.processingPercent > 0 && rule.processingTaxed && rule.tax.rate > 0) {
    // The lines by how they are taxed: a rate, or why none (processing on compensation is outside the scope too).
    const groups = new Map<string, { tax: Pick<InvoiceLine, 'taxRate' | 'untaxed'>; base: number }>();
    for (const line of lines) {
      const tax = line.taxRate !== undefined ? { taxRate: line.taxRate } : { untaxed: untaxedReason(line)! };
      const key = JSON.stringify(tax);
      groups.set(key, { tax, base: cents((groups.get(key)?.base ?? 0) + line.amount) });
    }
    const parts = [...groups.values()].filter(({ base }) => base !== 0);
    const said = ({ taxRate, untaxed }: Pick<InvoiceLine, 'taxRate' | 'untaxed'>) =>
      parts.length < 2
        ? undefined
        : taxRate !== undefined
          ? `On the lines with ${rule.tax.name} at ${taxRate}%`
          : `On the lines ${UNTAXED_ON[untaxed!](rule.tax.name)}`;
    all = [
      ...lines,
      ...parts
        .map(({ tax, base }) => processingLine(cents((base * rule.processingPercent) / 100), tax, said(tax)))
        .filter((line) => line.amount !== 0),
    ];
  }
  const taxes = taxesOf(all, rule.tax);
  const net = cents(all.reduce((sum, line) => sum + line.amount, 0));
  const tax = cents(taxes.reduce((sum, entry) => sum + entry.amount, 0));
  if (rule.processingPercent > 0 && !(rule.processingTaxed && rule.tax.rate > 0)) {
    const processing = cents(((net + tax) * rule.processingPercent) / 100);
    if (processing) all = [...all, processingLine(processing, rule.tax.rate > 0 ? { untaxed: 'exempt' } : {})];
    return { lines: all, subtotal: cents(net + processing), taxes, total: cents(net + processing + tax) };
  }
  return { lines: all, subtotal: net, taxes, total: cents(net + tax) };
}

/** What a priced quote comes to with tax and processing, as its invoice would say: what a card hold holds, before the deposit. */
export interface QuoteDue {
  net: number;
  /** The damage waiver, when it is the order's cover (before tax). */
  waiver?: number;
  tax: number;
  processing: number;
  total: number;
  /** The tenant's tax, as printed (its rate when it has one). */
  taxName: string;
  taxRate: number;
  /** With card processing: whether the tax is on it too (it is then added before the tax, not after). */
  processingTaxed?: boolean;
}

export function breakdownDue(
  breakdown: Pick<QuoteBreakdown, 'lines' | 'total'> | undefined,
  groups: ItemGroups,
  rule: InvoiceRule,
): QuoteDue {
  const totals = withTotals(breakdown ? quotedLines(breakdown, groups, rule.tax) : [], rule);
  const tax = cents(totals.taxes.reduce((sum, entry) => sum + entry.amount, 0));
  const net = breakdown?.total ?? 0;
  const waiver = cents(
    totals.lines.filter((line) => line.kind === 'waiver').reduce((sum, line) => sum + line.amount, 0),
  );
  const processing = cents(totals.total - net - waiver - tax);
  return {
    net,
    ...(waiver > 0 && { waiver }),
    tax,
    processing,
    total: totals.total,
    taxName: rule.tax.name,
    taxRate: rule.tax.rate,
    ...(processing > 0 && { processingTaxed: rule.processingTaxed }),
  };
}

/** One line of what a quote comes to, in the order the lines add up. */
export interface DueLine {
  kind: 'waiver' | 'processing' | 'beforeTax' | 'tax' | 'withTax' | 'total';
  amount: number;
}

/**
 * What a quote comes to, line by line in the order they add up, each figure the one charged: card
 * processing taxed as the hire is comes before the tax (and the total before tax includes it);
 * untaxed, it comes after the total with tax; the last line is the total charged (to the card, or
 * invoiced on an account). Every screen, dialog and mail that says a quote's total says this one.
 */
export function dueLines(due: QuoteDue): DueLine[] {
  const lines: DueLine[] = [];
  const taxedProcessing = due.processing > 0 && due.processingTaxed !== false;
  const waiver = due.waiver ?? 0;
  if (waiver > 0) lines.push({ kind: 'waiver', amount: waiver });
  if (taxedProcessing) lines.push({ kind: 'processing', amount: due.processing });
  if (due.tax > 0) {
    if (taxedProcessing || waiver > 0)
      lines.push({ kind: 'beforeTax', amount: cents(due.net + waiver + due.processing) });
    lines.push({ kind: 'tax', amount: due.tax });
  }
  if (due.processing > 0 && !taxedProcessing) {
    if (due.tax > 0 || waiver > 0) lines.push({ kind: 'withTax', amount: cents(due.net + waiver + due.tax) });
    lines.push({ kind: 'processing', amount: due.processing });
  }
  lines.push({ kind: 'total', amount: due.total });
  return lines;
}

/** What the request's latest version comes to (breakdownDue). */
export const quoteDue = (
  order: Pick<QuoteRequest, 'versions' | 'account' | 'cover'>,
  groups: ItemGroups,
  rule: InvoiceRule,
): QuoteDue => breakdownDue(order.versions?.at(-1)?.breakdown, groups, ruleForOrder(order, rule));

export interface IssueContext {
  rule: InvoiceRule;
  currency: string;
  groups: ItemGroups;
  /** When it is issued, and that day in the vendor's time zone. */
  now: Date;
  today: string;
  detail?: (line: PricedLine) => string;
  basis?: Parameters<typeof chargeLines>[3];
  /** A component of an itemised kit: its day rate and ledger code (itemised-kits.ts). */
  part?: (objectID: string) => ComponentPart | undefined;
}

/**
 * Whom an invoice names in the books, the contact every accountant's file and aged debtors use:
 * the customer account it is on (as the contacts import names it), else the studio, else the person.
 */
export const contactNameOf = (invoice: Pick<Invoice, 'billTo'>) =>
  invoice.billTo.account?.name ?? invoice.billTo.studio ?? invoice.billTo.name;

function billToOf(order: QuoteRequest): Invoice['billTo'] {
  return {
    name: order.name ?? order.email,
    email: order.email,
    ...(order.studio && { studio: order.studio }),
    ...(order.production && { production: order.production }),
    ...(order.purchaseOrder && { purchaseOrder: order.purchaseOrder }),
    ...(order.billingContact && { billingContact: order.billingContact }),
    ...(order.billingAddress?.trim() && { billingAddress: order.billingAddress.trim() }),
    ...(order.account && { account: order.account }),
  };
}

function draftOf(
  order: QuoteRequest,
  kind: InvoiceKind,
  key: string,
  lines: Pick<Invoice, 'lines' | 'subtotal' | 'taxes' | 'total'>,
  paid: number,
  context: IssueContext,
): InvoiceDraft {
  const version = order.versions?.at(-1)?.version;
  return {
    tenantId: order.tenantId,
    kind,
    key,
    quoteId: order.id,
    ...(version !== undefined && { version }),
    issuedAt: context.now.toISOString(),
    issueDate: context.today,
    // On a customer account, due on the account's terms; else on the house's.
    dueDate: addDays(context.today, order.account?.netDays ?? context.rule.dueDays),
    supplyFrom: order.startDate,
    supplyTo: order.endDate,
    currency: context.currency,
    billTo: billToOf(order),
    ...lines,
    paid,
    balance: cents(lines.total - paid),
  };
}

/** The pro forma sent at confirmation: the quote as confirmed, nothing paid yet (the card is only held). */
export function proFormaOf(order: QuoteRequest, context: IssueContext): InvoiceDraft {
  const breakdown = order.versions!.at(-1)!.breakdown;
  return draftOf(
    order,
    'proForma',
    `${order.id}:proForma:v${order.versions!.at(-1)!.version}`,
    withTotals(
      quotedLines(breakdown, context.groups, ruleForOrder(order, context.rule, context.today).tax, context.detail, {
        kits: itemisedKitsOf(order),
        part: context.part,
      }),
      ruleForOrder(order, context.rule, context.today),
    ),
    0,
    context,
  );
}

/** What never went out, credited at close-out when the vendor chose so: each at its rental line's price each, taxed as that line is. */
function notTakenCredits(
  order: Pick<QuoteRequest, 'hire'>,
  quoted: readonly InvoiceLine[],
  breakdown: Pick<QuoteBreakdown, 'lines'>,
): InvoiceLine[] {
  const notTaken = order.hire?.notTaken;
  if (notTaken?.choice !== 'credit') return [];
  return notTaken.lines.flatMap((missing) => {
    const index = breakdown.lines.findIndex((line) => line.kind === 'item' && line.objectID === missing.objectID);
    const rental = quoted[index];
    if (!rental || !rental.quantity) return [];
    const each = cents(rental.amount / rental.quantity);
    const { detail: _detail, ...like } = rental;
    return [
      {
        ...like,
        kind: 'credit' as const,
        description: `Never went out: ${missing.name}`,
        quantity: missing.quantity,
        unitAmount: -each,
        amount: -cents(each * missing.quantity),
      },
    ];
  });
}

/** The final invoice at close-out: the quote, the charges after the hire, tax and processing; `paid` is what the card hold captured (or is capturing) for it. */
export function finalInvoiceOf(order: QuoteRequest, context: IssueContext, paid = 0): InvoiceDraft {
  const breakdown = order.versions!.at(-1)!.breakdown;
  const rule = ruleForOrder(order, context.rule, context.today);
  const quoted = quotedLines(breakdown, context.groups, rule.tax, context.detail);
  const totals = withTotals(
    [
      ...quotedLines(breakdown, context.groups, rule.tax, context.detail, {
        kits: itemisedKitsOf(order),
        part: context.part,
      }),
      // Credited at the kit's price, as quoted: what never went out is the whole kit.
      ...notTakenCredits(order, quoted, breakdown),
      ...chargeLines(order, context.groups, rule.tax, context.basis),
    ],
    rule,
  );
  return draftOf(order, 'invoice', `${order.id}:invoice`, totals, Math.min(paid, totals.total), context);
}

/** The invoice for a cancelled order's fee (what the hold captured), with its tax inside it. */
export function cancellationInvoiceOf(order: QuoteRequest, fee: number, context: IssueContext): InvoiceDraft {
  const rate = context.rule.tax.rate;
  // The fee captured is the gross: the tax is the part of it the rate makes.
  const net = rate > 0 ? cents(fee / (1 + rate / 100)) : fee;
  const lines: InvoiceLine[] = [
    {
      kind: 'fee',
      description: `Cancellation fee: ${order.production ?? order.id}`,
      quantity: 1,
      unitAmount: net,
      amount: net,
      ...(rate > 0 && { taxRate: rate }),
    },
  ];
  const taxes =
    rate > 0
      ? [
          {
            name: context.rule.tax.name,
            rate,
            base: net,
            amount: cents(fee - net),
            ...(context.rule.tax.glCode !== undefined && { glCode: context.rule.tax.glCode }),
          },
        ]
      : [];
  return draftOf(order, 'invoice', `${order.id}:invoice`, { lines, subtotal: net, taxes, total: fee }, fee, context);
}

/** Shares `total` out over `weights` in proportion, rounded to the cent, the rounding's cents given to the largest: they add up to `total` exactly. */
function shareOut(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((all, weight) => all + weight, 0);
  const shares = weights.map((weight) => (sum === 0 ? 0 : cents((total * weight) / sum)));
  let left = Math.round((total - shares.reduce((all, share) => all + share, 0)) * 100);
  const order = weights.map((_, index) => index).sort((a, b) => Math.abs(weights[b]!) - Math.abs(weights[a]!));
  for (let turn = 0; left !== 0 && order.length; turn += 1) {
    const index = order[turn % order.length]!;
    shares[index] = cents(shares[index]! + Math.sign(left) / 100);
    left -= Math.sign(left);
  }
  return shares;
}

/**
 * What the invoice's earlier credit notes took off each of its lines (before tax), by line: a
 * line-aimed note names its lines; a note spread over the whole invoice has one line per invoice
 * line, in order.
 */
export function creditedByLine(
  invoice: Pick<Invoice, 'number' | 'lines'>,
  notes: ReadonlyArray<Pick<Invoice, 'credits' | 'lines'>>,
): number[] {
  const taken = invoice.lines.map(() => 0);
  for (const note of notes)
    if (note.credits === invoice.number)
      note.lines.forEach((line, index) => {
        const at = line.creditsLine ?? index;
        if (at < taken.length) taken[at] = cents(taken[at]! - line.amount);
      });
  return taken;
}

/** Why these line credits cannot be issued against the invoice (none when they can), each at its field. */
export function lineCreditProblems(
  invoice: Pick<Invoice, 'number' | 'lines'>,
  notes: ReadonlyArray<Pick<Invoice, 'credits' | 'lines'>>,
  credits: readonly LineCredit[],
): Array<{ pointer: string; message: string }> {
  const taken = creditedByLine(invoice, notes);
  const problems: Array<{ pointer: string; message: string }> = [];
  credits.forEach((credit, index) => {
    const line = invoice.lines[credit.line];
    if (!line)
      return void problems.push({
        pointer: `/lines/${index}/line`,
        message: `${invoice.number} has no line ${credit.line + 1} (it has ${invoice.lines.length})`,
      });
    if (credits.findIndex((other) => other.line === credit.line) !== index)
      return void problems.push({ pointer: `/lines/${index}/line`, message: 'is named twice: one credit per line' });
    const left = cents(line.amount - taken[credit.line]!);
    if (line.amount <= 0)
      problems.push({ pointer: `/lines/${index}/line`, message: `${line.description} charged nothing to credit` });
    else if (credit.amount > left)
      problems.push({
        pointer: `/lines/${index}/amount`,
        message: `at most ${left.toFixed(2)} is left to credit on ${line.description} (before tax)`,
      });
  });
  return problems;
}

/**
 * A credit note aimed at some lines of an invoice: each named line reduced by its amount (before
 * tax), negative, keeping the line's GL code and tax rate, and the tax worked out on those lines
 * alone (a damage charge with no VAT credits no VAT); with the reason printed on it.
 */
export function lineCreditNoteOf(
  invoice: Invoice,
  reason: string,
  context: Pick<IssueContext, 'now' | 'today' | 'rule'>,
  credits: readonly LineCredit[],
): InvoiceDraft {
  const lines = credits.map(({ line: at, amount }) => {
    const line = invoice.lines[at]!;
    const whole = amount === line.amount;
    return {
      ...line,
      creditsLine: at,
      quantity: whole ? line.quantity : 1,
      unitAmount: whole ? -line.unitAmount : -amount,
      amount: -amount,
    };
  });
  // Tax named and posted as the invoice's was.
  const taxed = invoice.taxes[0];
  const taxes = taxesOf(lines, { ...context.rule.tax, ...(taxed && { name: taxed.name, glCode: taxed.glCode }) });
  return creditNoteDraft(invoice, reason, context, lines, taxes);
}

/** The parts every credit note shares: the invoice's parties and dates, the reason, and its own totals. */
function creditNoteDraft(
  invoice: Invoice,
  reason: string,
  context: Pick<IssueContext, 'now' | 'today'>,
  lines: InvoiceLine[],
  taxes: Invoice['taxes'],
): InvoiceDraft {
  const subtotal = cents(lines.reduce((sum, line) => sum + line.amount, 0));
  const total = cents(subtotal + taxes.reduce((sum, entry) => sum + entry.amount, 0));
  const { number: _number, sequence: _sequence, voidedAt: _voided, ...rest } = invoice;
  return {
    ...rest,
    kind: 'creditNote',
    key: `${invoice.number}:credit:${context.now.toISOString()}`,
    credits: invoice.number,
    reason: reason.slice(0, 500),
    issuedAt: context.now.toISOString(),
    issueDate: context.today,
    dueDate: context.today,
    lines,
    subtotal,
    taxes,
    total,
    paid: 0,
    balance: total,
  };
}

/**
 * A credit note against an invoice, for all of it or `amount` (tax included): every line and tax
 * credited in proportion, negative, each keeping its GL code and tax rate (so the books reverse
 * what the invoice posted), adding up to the amount exactly; with the reason printed on it.
 */
export function creditNoteOf(
  invoice: Invoice,
  reason: string,
  context: Pick<IssueContext, 'now' | 'today' | 'rule'>,
  amount?: number,
): InvoiceDraft {
  const credited = amount === undefined || amount >= invoice.total ? invoice.total : amount;
  const taxAmounts = shareOut(
    cents(invoice.taxes.reduce((sum, entry) => sum + entry.amount, 0) * (credited / invoice.total)),
    invoice.taxes.map((entry) => entry.amount),
  );
  const taxes = invoice.taxes.map((entry, index) => ({
    ...entry,
    base: -cents(entry.base * (credited / invoice.total)),
    amount: -taxAmounts[index]!,
  }));
  const net = cents(credited - taxAmounts.reduce((sum, share) => sum + share, 0));
  const amounts = shareOut(
    net,
    invoice.lines.map((line) => line.amount),
  );
  const whole = credited === invoice.total;
  const lines = invoice.lines.map((line, index) => ({
    ...line,
    creditsLine: index,
    quantity: whole ? line.quantity : 1,
    unitAmount: whole ? -line.unitAmount : -amounts[index]!,
    amount: -amounts[index]!,
  }));
  return creditNoteDraft(invoice, reason, context, lines, taxes);
}
