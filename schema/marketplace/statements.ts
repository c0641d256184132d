/**
 * A house's monthly statement of orders through the platform (pure, browser-safe): each order
 * whose card hold was captured in the month, in the house's own time zone, with what was captured,
 * the platform's commission and fee, and what the house received; and the month's totals. The
 * server reads the orders (server/marketplace/statements.ts) and writes the CSV.
 */
import type { QuoteRequest } from '../types.generated';
import { todayIn } from '../rental/quote-rules';
import { cents } from '../rental/quote-pricing';

/** A calendar month, `YYYY-MM`. */
export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export interface StatementLine {
  orderId: string;
  productionRequest: string;
  production: string;
  /** The house's local day the hold was captured. */
  capturedOn: string;
  currency: string;
  captured: number;
  commissionPercent: number;
  platformFee: number;
  houseReceives: number;
}

export interface Statement {
  tenantId: string;
  month: string;
  lines: StatementLine[];
  totals: { captured: number; platformFee: number; houseReceives: number };
}

/** The month's lines from the house's orders (any order: those not through the platform, or not captured in the month, are left out), oldest first. */
export function statementOf(
  tenantId: string,
  month: string,
  timezone: string,
  orders: readonly QuoteRequest[],
): Statement {
  const lines: StatementLine[] = [];
  for (const order of orders) {
    const hold = order.cardHold;
    if (!order.productionRequest || !hold?.capturedAt || hold.captured === undefined) continue;
    const capturedOn = todayIn(timezone, new Date(hold.capturedAt));
    if (!capturedOn.startsWith(`${month}-`)) continue;
    const platformFee = hold.applicationFee ?? 0;
    lines.push({
      orderId: order.id,
      productionRequest: order.productionRequest,
      production: order.production ?? '',
      capturedOn,
      currency: hold.currency,
      captured: hold.captured,
      commissionPercent: hold.commissionPercent ?? 0,
      platformFee,
      houseReceives: cents(hold.captured - platformFee),
    });
  }
  lines.sort((a, b) => a.capturedOn.localeCompare(b.capturedOn) || a.orderId.localeCompare(b.orderId));
  const sum = (pick: (line: StatementLine) => number) => cents(lines.reduce((total, line) => total + pick(line), 0));
  return {
    tenantId,
    month,
    lines,
    totals: {
      captured: sum((line) => line.captured),
      platformFee: sum((line) => line.platformFee),
      houseReceives: sum((line) => line.houseReceives),
    },
  };
}
