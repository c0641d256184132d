/**
 * Stock hired in on the hiring house's floor (issue 39, "On A's floor"): its crew scans the
 * lender's own labels (`<lender>/<tag>` for a unit, `<lender>/<item>` for an item the lender counts)
 * on its order, out to the production and back, counted on the order's line but kept apart as the
 * lender's (schema/rental/hire.ts, judgeHiredInScan). Damage or loss found at its check-in flows to
 * the lender's order as the lender's own check-in records it: the same condition, the crew's note
 * and photos, charged by the lender's rule, the unit to repair or written off there.
 */
import { readCode, tagOf, type HiredInScan } from '../../schema/rental/hire';
import type { QuoteRequest, ScanInput, ScanRecord } from '../../schema/types.generated';
import { scanOnOrder, type QuoteSettings, type QuoteStores } from '../rental';

type SubHire = NonNullable<QuoteRequest['subHires']>[number];

/** A code that is a lender's label, resolved against what the order hired in from it. */
export type HiredInCode = { scan: HiredInScan; subHire: SubHire; theirCode: string } | { refused: string };

const noteLimit = 2000;
const scanIdLimit = 64;

/**
 * What `code` names when it is the label of a house this order hired stock in from; undefined for
 * this house's own codes, and for another house's label when nothing is hired in from it (the
 * scan rule refuses those as another house's).
 */
export async function hiredInCodeOf(
  stores: Pick<QuoteStores, 'quoteRequests'>,
  tenantId: string,
  orderId: string,
  input: Pick<ScanInput, 'code' | 'direction'>,
): Promise<HiredInCode | undefined> {
  const { tenantId: house, code } = readCode(input.code);
  if (!house || house === tenantId) return undefined;
  const order = await stores.quoteRequests.get(tenantId, orderId);
  if (!order) return undefined;
  const fromHouse = (order.subHires ?? []).filter(
    (subHire) => subHire.house === house && (subHire.hiredIn?.quantity ?? 0) > 0,
  );
  if (fromHouse.length === 0) return undefined;
  const houseName = fromHouse[0]!.houseName;
  const unit = await stores.quoteRequests.getUnit(house, tagOf(code));
  const theirObjectID = unit?.objectID ?? code.toLowerCase();
  const matching = fromHouse.filter((subHire) => subHire.theirObjectID === theirObjectID);
  if (matching.length === 0)
    return { refused: `${house}/${code.slice(0, 60)} is not hired in from ${houseName} on this order.` };
  // A unit is the lender's own order's: it goes out here only once the lender checked it out to
  // this house. Coming back it is judged by what is out here (the lender may have its report already).
  const subHire = (unit && matching.find((each) => each.quoteId === unit.orderId)) ?? matching[0]!;
  if (unit && input.direction === 'out' && !(unit.status === 'out' && unit.orderId === subHire.quoteId))
    return {
      refused: `${houseName} has not checked ${unit.tag} out to you: it is not out on their order for this hire. Ask them to scan it out first.`,
    };
  const quantity = matching.reduce((sum, each) => sum + (each.hiredIn?.quantity ?? 0), 0);
  return {
    scan: { house, houseName, objectID: subHire.objectID, ...(unit && { tag: unit.tag }), quantity },
    subHire,
    theirCode: unit?.tag ?? theirObjectID,
  };
}

/** What the lender's order made of a report: its scan's outcome and words. */
export interface LenderReport {
  house: string;
  houseName: string;
  outcome: ScanRecord['outcome'];
  message: string;
}

/**
 * Damage or loss found at this house's check-in of stock hired in, recorded on the lender's order
 * as its own check-in: same count and condition, the note and photos, by the same person. The
 * scan's id comes from this house's scan, so a retry (of either) records it once.
 */
export async function reportToLender(
  stores: QuoteStores,
  lenderSettings: QuoteSettings,
  request: {
    hiredIn: Extract<HiredInCode, { scan: HiredInScan }>;
    record: ScanRecord;
    input: ScanInput;
    houseName: string;
    orderName: string;
    who: string;
    now: Date;
  },
): Promise<LenderReport> {
  const { hiredIn, record, input } = request;
  const where = `Found at ${request.houseName}'s check-in (their order “${request.orderName}”)`;
  const note = (input.note?.trim() ? `${where}: ${input.note.trim()}` : `${where}.`).slice(0, noteLimit);
  const done = await scanOnOrder(stores, lenderSettings, {
    tenantId: hiredIn.scan.house,
    orderId: hiredIn.subHire.quoteId,
    input: {
      id: `lender-${input.id}`.slice(0, scanIdLimit),
      direction: 'in',
      code: hiredIn.theirCode,
      count: record.count,
      condition: record.condition as ScanInput['condition'],
      note,
      ...(record.photos?.length && { photos: record.photos }),
    },
    who: request.who,
    now: request.now,
  });
  return {
    house: hiredIn.scan.house,
    houseName: hiredIn.scan.houseName,
    outcome: done.record.outcome,
    message: done.record.message,
  };
}
