/**
 * A kit's invoice line, itemised (the kit's "itemise on invoice"): one line per component, each
 * with its own ledger code and tax, the kit's price shared among them by what each would hire
 * for on its own (its day rate times how many), to the cent, the last taking what rounding leaves
 * so the lines add up to the kit's exactly. A kit whose components have no rates shares by count.
 */
import { cents } from './quote-pricing';
import type { Invoice, QuoteRequest } from '../types.generated';

type InvoiceLine = Invoice['lines'][number];

/** What an itemised line needs of a component: its day rate (its share) and ledger code. */
export interface ComponentPart {
  dayRate: number;
  glCode?: string | undefined;
}

/** The kit lines of an order to itemise on its invoices, by the kit's item id. */
export const itemisedKitsOf = (order: Pick<QuoteRequest, 'lines'>) =>
  new Map(order.lines.flatMap((line) => (line.kit?.itemise ? [[line.objectID, line] as const] : [])));

/** The kit's invoice line as its components' lines. */
export function itemisedLines(
  kitLine: InvoiceLine,
  line: QuoteRequest['lines'][number],
  partOf: (objectID: string) => ComponentPart | undefined,
  taxOf: (objectID: string) => Pick<InvoiceLine, 'taxRate' | 'untaxed'>,
): InvoiceLine[] {
  const components = line.kit?.components ?? [];
  const counts = components.map((component) => component.quantity * line.quantity);
  const weights = components.map((component, index) => (partOf(component.objectID)?.dayRate ?? 0) * counts[index]!);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const shares = total > 0 ? weights : counts;
  const whole = shares.reduce((sum, share) => sum + share, 0);
  let left = kitLine.amount;
  return components.map((component, index) => {
    const amount = index === components.length - 1 ? cents(left) : cents((kitLine.amount * shares[index]!) / whole);
    left -= amount;
    const part = partOf(component.objectID);
    const glCode = part?.glCode ?? kitLine.glCode;
    const { taxRate: _taxRate, untaxed: _untaxed, detail: _detail, glCode: _glCode, ...rest } = kitLine;
    return {
      ...rest,
      description: `${line.name}: ${component.name}`,
      quantity: counts[index]!,
      unitAmount: counts[index] ? cents(amount / counts[index]) : amount,
      amount,
      ...(glCode !== undefined && { glCode }),
      ...taxOf(component.objectID),
    };
  });
}
