/**
 * The console's calls for the warehouse floor (server/routes/api/tenants/hire.ts): the dispatch
 * board, an order's pull sheet, a scan. Errors are ra-core's HttpError, with the answer's body.
 */
import { fetchUtils } from 'ra-core';
import type { QuoteState } from '../../schema/rental/quote-states';
import type {
  Handover,
  HandoverInput,
  HireCharge,
  HireRecord,
  InspectionRule,
  LineAdjustment,
  RepairInput,
  ScanInput,
  ScanRecord,
  ServiceRecord,
  Unit,
  UnitTestInput,
} from '../../schema/types.generated';
import type { DueTest } from '../../schema/rental/inspections';
import type { DispatchRow, PullSheetLine } from '../../schema/rental/hire';

export type { DispatchRow, PullSheetLine };

export interface DispatchBoard {
  today: string;
  until: string;
  going: DispatchRow[];
  returning: DispatchRow[];
  /** Hires all back, waiting to be closed. */
  toClose: DispatchRow[];
}

export interface PullSheet {
  id: string;
  name: string;
  /** The store it is picked at (a house with several). */
  store?: string;
  email: string;
  production: string | null;
  studio: string | null;
  startDate: string;
  endDate: string;
  state: QuoteState;
  out: boolean;
  overdue: boolean;
  revision: number;
  lines: PullSheetLine[];
  /** Once the hire is back: what never went out. */
  neverOut: Array<{ objectID: string; name: string; quantity: number }>;
  /** What the visitor accepted, and the charges found since. */
  quoted: number;
  charges: HireCharge[];
  handovers: Handover[];
  scans: ScanRecord[];
}

export interface ScanAnswer {
  record: ScanRecord;
  repeat: boolean;
  state?: QuoteState;
  hire?: HireRecord;
  /** Damage or loss found here on stock hired in: what the lender's order made of it. */
  lender?: { house: string; houseName: string; outcome: ScanRecord['outcome']; message: string };
}

/** The vendor's calendar feed link, and each item's (with {objectID} to fill in); null while there is none. */
export interface CalendarFeedLink {
  url: string | null;
  itemUrl: string | null;
}

const tenantPath = (tenantId: string) => `/api/tenants/${encodeURIComponent(tenantId)}`;

/** A unit's tests as the scan screen and the due list read them (server/rental/unit-service.ts). */
export interface UnitTests {
  tag: string;
  objectID: string;
  name: string;
  status: Unit['status'];
  tests: Array<InspectionRule & { checklist: string[] }>;
  due: Array<{ rule: string; name: string; reason: 'never' | 'days' | 'hires'; dueOn?: string; said: string }>;
  service: ServiceRecord[];
}

/** The tests due over the next days and those overdue (GET tests-due). */
export interface TestsDue {
  today: string;
  until: string;
  due: DueTest[];
}

const postJson = (url: string, body: unknown) =>
  fetchUtils.fetchJson(url, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: new Headers({ 'Content-Type': 'application/json' }),
  });

export const hireApi = {
  dispatch: async (tenantId: string, days = 7, store?: string) =>
    (
      await fetchUtils.fetchJson(
        `${tenantPath(tenantId)}/dispatch?days=${days}${store ? `&store=${encodeURIComponent(store)}` : ''}`,
      )
    ).json as DispatchBoard,
  pullSheet: async (tenantId: string, id: string) =>
    (await fetchUtils.fetchJson(`${tenantPath(tenantId)}/orders/${encodeURIComponent(id)}/pull-sheet`))
      .json as PullSheet,
  scan: async (tenantId: string, id: string, input: ScanInput) =>
    (
      await fetchUtils.fetchJson(`${tenantPath(tenantId)}/orders/${encodeURIComponent(id)}/scans`, {
        method: 'POST',
        body: JSON.stringify(input),
        headers: new Headers({ 'Content-Type': 'application/json' }),
      })
    ).json as ScanAnswer,
  /** A hand-over with the name and signature (answers like a scan). */
  handover: async (tenantId: string, id: string, input: HandoverInput) =>
    (
      await fetchUtils.fetchJson(`${tenantPath(tenantId)}/orders/${encodeURIComponent(id)}/handovers`, {
        method: 'POST',
        body: JSON.stringify(input),
        headers: new Headers({ 'Content-Type': 'application/json' }),
      })
    ).json as ScanAnswer,
  /** What a unit is due by a hire's last day, its tests and service record. */
  unitTests: async (tenantId: string, tag: string, until?: string) =>
    (
      await fetchUtils.fetchJson(
        `${tenantPath(tenantId)}/units/${encodeURIComponent(tag)}/tests${until ? `?until=${until}` : ''}`,
      )
    ).json as UnitTests,
  /** A test recorded: the unit after it (in repair when it failed). */
  testUnit: async (tenantId: string, tag: string, input: UnitTestInput) =>
    (await postJson(`${tenantPath(tenantId)}/units/${encodeURIComponent(tag)}/tests`, input)).json as Unit,
  /** A repair recorded with what it cost. */
  recordRepair: async (tenantId: string, tag: string, input: RepairInput) =>
    (await postJson(`${tenantPath(tenantId)}/units/${encodeURIComponent(tag)}/repairs`, input)).json as Unit,
  testsDue: async (tenantId: string, days = 7) =>
    (await fetchUtils.fetchJson(`${tenantPath(tenantId)}/tests-due?days=${days}`)).json as TestsDue,
  /** The vendor's calendar link: read (GET), made or replaced (POST), turned off (DELETE). */
  calendarFeed: async (tenantId: string, method: 'GET' | 'POST' | 'DELETE') =>
    (await fetchUtils.fetchJson(`${tenantPath(tenantId)}/calendar-feed`, { method })).json as CalendarFeedLink,
  /** The vendor's adjustment to a charge (null takes it back); answers like a scan, with the order's hire. */
  adjustCharge: async (tenantId: string, id: string, chargeId: string, adjustment: LineAdjustment | null) =>
    (
      await fetchUtils.fetchJson(
        `${tenantPath(tenantId)}/orders/${encodeURIComponent(id)}/charges/${encodeURIComponent(chargeId)}`,
        {
          method: 'PUT',
          body: JSON.stringify({ adjustment }),
          headers: new Headers({ 'Content-Type': 'application/json' }),
        },
      )
    ).json as ScanAnswer,
};
