/**
 * Houses hiring from each other (issue 39): which houses take a sub-hire from which, at what trade
 * price, and how the offers for a short line are ordered. Pure and browser-safe: the server finds
 * the offers (server/marketplace/sub-hire-offers.ts), the console shows them.
 */
import { cents } from '../rental/quote-pricing';
import { isOutState, type QuoteState } from '../rental/quote-states';
import type { Item, VendorConfig } from '../types.generated';
import type { House } from './houses';

/** A house's rule for other houses' sub-hire requests, with the schema's defaults filled in. */
export type SubHireRule = Required<NonNullable<VendorConfig['subHires']>>;

/** Whether `house` (whose rule this is) takes a sub-hire request from `asking`: never from itself. */
export function takesSubHireFrom(rule: SubHireRule, house: string, asking: string): boolean {
  if (house === asking) return false;
  return rule.takes === 'everyListedHouse' || (rule.takes === 'namedHouses' && rule.houses.includes(asking));
}

/** A rate less the house's trade discount, to the cent. */
export const tradeRate = (rate: number, discountPercent: number) => cents((rate * (100 - discountPercent)) / 100);

/** An item's rates as another house pays them for a sub-hire. */
export function tradeRates(rates: Item['rates'], discountPercent: number): Item['rates'] {
  return {
    day: tradeRate(rates.day, discountPercent),
    ...(rates.week !== undefined && { week: tradeRate(rates.week, discountPercent) }),
  };
}

/**
 * The searches for "the same or similar", most alike first: the whole name, the name before its
 * first comma or bracket ("1950s Propliner Triple Seat Row" of "…, Brown Houndstooth"), then its
 * last words ("Triple Seat Row").
 */
export function similarNames(name: string): string[] {
  const head = name.split(/[,(;–—]|\s-\s/)[0]!.trim();
  const words = head.split(/\s+/).filter(Boolean);
  return [
    ...new Set(
      [name.trim(), head, words.slice(-3).join(' '), words.slice(-2).join(' ')].filter((text) => text.length > 1),
    ),
  ];
}

/** One item free at another house on a short line's dates. */
export interface SubHireOffer {
  /** The house that has it, with its distance from the asking house (km; absent when either has no location). */
  house: House & { km?: number };
  /** The item's id at that house. */
  objectID: string;
  name: string;
  image?: string;
  /** How many are free there over the whole of the dates. */
  free: number;
  /** Whether that covers what the line is short of. */
  enough: boolean;
  /** The house's own rates, in its currency. */
  rates: Item['rates'];
  /** What the asking house pays: the rates less the house's trade discount. */
  tradeRates: Item['rates'];
  discountPercent: number;
}

/**
 * The offers in the order a house short of stock wants them: the nearest house first (it is
 * collected and returned by van), a house with enough before one with some, then as the search
 * ranked them (the same name before a similar one).
 */
export function nearestOffersFirst(offers: ReadonlyArray<SubHireOffer & { rank: number }>): SubHireOffer[] {
  return [...offers]
    .sort(
      (a, b) =>
        (a.house.km ?? Infinity) - (b.house.km ?? Infinity) ||
        a.house.name.localeCompare(b.house.name) ||
        Number(b.enough) - Number(a.enough) ||
        a.rank - b.rank,
    )
    .map(({ rank: _rank, ...offer }) => offer);
}

/** The customer account a lending house keeps for a house that sub-hires from it. */
export const houseAccountId = (houseId: string) => `house-${houseId}`;

/** The customer a house is at another house it sub-hires from: not any person, the house itself. */
export const houseCustomerUid = (houseId: string) => `house:${houseId}`;

/** The house a customer uid stands for (houseCustomerUid's inverse); undefined for a person's uid. */
export const houseOfCustomerUid = (uid: string | undefined): string | undefined =>
  uid?.startsWith('house:') ? uid.slice('house:'.length) : undefined;

/** The key of the stock a house hires in from `lender` on `theirId` (a row among its item's bookings). */
export const hiredInKey = (lender: string, theirId: string) => `subHire:${lender}:${theirId}`;

/** The lending house of a hired-in row's key, or undefined for any other booking. */
export const lenderOfHiredIn = (key: string): string | undefined => /^subHire:([^:]+):/.exec(key)?.[1];

/** Whether stock hired in is overdue back to its lender: the lender's order still has it out after its last day. */
export const overdueToLender = (lenderState: QuoteState, lastDay: string, today: string) =>
  isOutState(lenderState) && lastDay < today;
