/**
 * One production request, several houses: the lines split by house (each listing's house, in the
 * order first asked, a listing asked twice asked once with both quantities), and how the parts
 * read together. Pure and browser-safe: the server splits, the storefront shows the parts.
 */
import type { ProductionPart, ProductionRequest, ProductionRequestInput } from '../types.generated';
import { parseListingId } from './listings';

export interface HouseLines {
  houseId: string;
  /** Each item at the house (its own id) with how many, and where it was in the request (for problems by field). */
  lines: Array<{ objectID: string; quantity: number; at: number[] }>;
}

/** The request's lines by house. A line whose id names no house is left out (the schema's pattern refuses it first). */
export function splitByHouse(items: ProductionRequestInput['items']): HouseLines[] {
  const houses = new Map<string, Map<string, { objectID: string; quantity: number; at: number[] }>>();
  items.forEach((line, index) => {
    const listing = parseListingId(line.listing);
    if (!listing) return;
    let lines = houses.get(listing.houseId);
    if (!lines)
      houses.set(listing.houseId, (lines = new Map<string, { objectID: string; quantity: number; at: number[] }>()));
    const known = lines.get(listing.objectID);
    if (known) {
      known.quantity += line.quantity;
      known.at.push(index);
    } else lines.set(listing.objectID, { objectID: listing.objectID, quantity: line.quantity, at: [index] });
  });
  return [...houses].map(([houseId, lines]) => ({ houseId, lines: [...lines.values()] }));
}

/** Parts that can be sent again: those that failed (a house out of reach, a line no longer free). */
export const retryable = (part: Pick<ProductionPart, 'state'>) => part.state === 'failed';

/** Parts the production may drop: not sent yet (failed, or waiting for the house's approval). */
export const withdrawable = (part: Pick<ProductionPart, 'state'>) =>
  part.state === 'failed' || part.state === 'awaitingApproval';

/** The dates a part goes on: its own, once the production changed them, else the request's. */
export const partDates = (
  request: Pick<ProductionRequest, 'startDate' | 'endDate'>,
  part: Pick<ProductionPart, 'startDate' | 'endDate'>,
) => ({
  startDate: part.startDate ?? request.startDate,
  endDate: part.endDate ?? request.endDate,
});

/** How a request's parts stand together, for its summary: how many each state holds. */
export function partCounts(
  parts: ReadonlyArray<Pick<ProductionPart, 'state'>>,
): Record<ProductionPart['state'], number> {
  const counts = { sent: 0, awaitingApproval: 0, refused: 0, failed: 0, withdrawn: 0 };
  for (const part of parts) counts[part.state]++;
  return counts;
}
