/**
 * Lists the way ra-data-simple-rest asks for them: `range=[start,end]`, `sort=[field,order]`,
 * `filter={"q": "...", "id": [...], field: value}` (each JSON-encoded), answered with
 * `Content-Range: <resource> <start>-<end>/<total>`.
 */
import type { FastifyReply } from 'fastify';

export const listQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    range: { type: 'string', description: 'JSON [start, end], inclusive. Example: [0,24]' },
    sort: { type: 'string', description: 'JSON [field, "ASC"|"DESC"]. Example: ["id","ASC"]' },
    filter: {
      type: 'string',
      description: 'JSON object: "q" searches every text field, "id" keeps the listed ids, other keys match exactly.',
    },
  },
} as const;

export interface ListQuery {
  range?: string;
  sort?: string;
  filter?: string;
}

export class ListQueryError extends Error {
  readonly statusCode = 400;
}

function parseJson(name: string, text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ListQueryError(
      `${name} must be JSON, e.g. ${name === 'range' ? '[0,24]' : name === 'sort' ? '["id","ASC"]' : '{"q":"seat"}'}`,
    );
  }
}

function matchesQuery(record: Record<string, unknown>, q: string): boolean {
  const needle = q.toLowerCase();
  return Object.values(record).some(
    (value) => (typeof value === 'string' || typeof value === 'number') && String(value).toLowerCase().includes(needle),
  );
}

/**
 * The `filter` query parameter as react-admin sends it: a JSON object (none gives {}). Anything
 * else is a ListQueryError (400) naming `filter`. Routes that read some keys themselves (items:
 * group, category, tags, colors) parse it with this too, and hand the rest on to sendList.
 */
export function parseListFilter(text: string | undefined): Record<string, unknown> {
  const filter = parseJson('filter', text) ?? {};
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter))
    throw new ListQueryError('filter must be a JSON object, e.g. {"q":"seat"}');
  return filter as Record<string, unknown>;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const NUMERIC = /^-?\d+(\.\d+)?$/;
const textOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * One order for every list: numbers (and ids that are numbers written as text, such as the
 * history's "10") by value, dates (ISO text, with or without an offset, or Date) by instant,
 * booleans false first, and the rest as text with runs of digits read as numbers ("Seat 9"
 * before "Seat 10"). Comparing "10" and "9" as text put the history's newest entries last.
 */
export function compareListValues(x: unknown, y: unknown): number {
  const asNumber = (v: unknown) =>
    typeof v === 'number' ? v : typeof v === 'string' && NUMERIC.test(v) ? Number(v) : undefined;
  const nx = asNumber(x);
  const ny = asNumber(y);
  if (nx !== undefined && ny !== undefined) return nx - ny;
  const asInstant = (v: unknown) =>
    v instanceof Date ? v.getTime() : typeof v === 'string' && ISO_DATE.test(v) ? Date.parse(v) : undefined;
  const dx = asInstant(x);
  const dy = asInstant(y);
  if (dx !== undefined && dy !== undefined && !Number.isNaN(dx) && !Number.isNaN(dy)) return dx - dy;
  if (typeof x === 'boolean' && typeof y === 'boolean') return Number(x) - Number(y);
  return textOrder.compare(String(x), String(y));
}

export function applyListQuery<R extends { id: string }>(
  records: readonly R[],
  query: ListQuery,
): { page: R[]; start: number; end: number; total: number } {
  const filter = parseListFilter(query.filter);
  let rows = [...records];
  for (const [key, wanted] of Object.entries(filter)) {
    if (key === 'q') rows = rows.filter((row) => matchesQuery(row as Record<string, unknown>, String(wanted)));
    else if (key === 'id' && Array.isArray(wanted)) rows = rows.filter((row) => wanted.map(String).includes(row.id));
    else rows = rows.filter((row) => Object.hasOwn(row, key) && (row as Record<string, unknown>)[key] === wanted);
  }
  const sort = parseJson('sort', query.sort);
  if (sort !== undefined) {
    if (!Array.isArray(sort) || typeof sort[0] !== 'string')
      throw new ListQueryError('sort must be ["field","ASC"] or ["field","DESC"]');
    const [field, order = 'ASC'] = sort as [string, string];
    const direction = String(order).toUpperCase() === 'DESC' ? -1 : 1;
    const value = (row: R) => (Object.hasOwn(row, field) ? (row as Record<string, unknown>)[field] : undefined);
    rows.sort((a, b) => {
      const x = value(a);
      const y = value(b);
      if (x === y) return 0;
      if (x === undefined || x === null) return 1;
      if (y === undefined || y === null) return -1;
      return compareListValues(x, y) * direction;
    });
  }
  const total = rows.length;
  const range = parseJson('range', query.range);
  let start = 0;
  let end = Math.max(total - 1, 0);
  if (range !== undefined) {
    if (
      !Array.isArray(range) ||
      range.length !== 2 ||
      !range.every((n) => Number.isInteger(n) && n >= 0) ||
      range[0] > range[1]
    ) {
      throw new ListQueryError('range must be [start, end] with 0 <= start <= end');
    }
    [start, end] = range as [number, number];
  }
  const page = rows.slice(start, end + 1);
  return { page, start, end: page.length ? start + page.length - 1 : start, total };
}

export function sendList<R extends { id: string }>(
  reply: FastifyReply,
  resource: string,
  records: readonly R[],
  query: ListQuery,
) {
  const { page, ...range } = applyListQuery(records, query);
  return sendPage(reply, resource, range, page);
}

/** One page of a list, with the header react-admin reads its range and total from. */
export function sendPage(
  reply: FastifyReply,
  resource: string,
  range: { start: number; end: number; total: number },
  page: readonly unknown[],
) {
  return reply
    .header('content-range', `${resource} ${range.start}-${range.end}/${range.total}`)
    .header('access-control-expose-headers', 'Content-Range, ETag')
    .send(page);
}

/** The most rows one page of a store-paged list may ask for: a larger range is a 400, never a silent cut. */
export const MAX_PAGE_ROWS = 1000;

export interface StorePage<Field extends string> {
  offset: number;
  limit: number;
  sort: { field: Field; order: 'asc' | 'desc' };
  filter: Record<string, unknown>;
}

/**
 * A list query as a store answers it (filters, sort and paging pushed down, with an exact total):
 * the range as offset and limit (at most MAX_PAGE_ROWS), the sort checked against the fields the
 * store can order by, and the filter object for the route to read. Each problem is a 400 naming
 * the parameter.
 */
export function storePage<Field extends string>(
  query: ListQuery,
  sortable: readonly Field[],
  defaultSort: StorePage<Field>['sort'],
): StorePage<Field> {
  const filter = parseListFilter(query.filter);
  const range = parseJson('range', query.range);
  let [start, end] = [0, 24];
  if (range !== undefined) {
    if (
      !Array.isArray(range) ||
      range.length !== 2 ||
      !range.every((n) => Number.isInteger(n) && n >= 0) ||
      range[0] > range[1]
    )
      throw new ListQueryError('range must be [start, end] with 0 <= start <= end');
    [start, end] = range as [number, number];
  }
  if (end - start + 1 > MAX_PAGE_ROWS)
    throw new ListQueryError(`range asks for ${end - start + 1} rows: ask for at most ${MAX_PAGE_ROWS} at a time`);
  const sort = parseJson('sort', query.sort);
  let chosen = defaultSort;
  if (sort !== undefined) {
    if (!Array.isArray(sort) || typeof sort[0] !== 'string')
      throw new ListQueryError('sort must be ["field","ASC"] or ["field","DESC"]');
    const [field, order = 'ASC'] = sort as [string, string];
    if (!(sortable as readonly string[]).includes(field))
      throw new ListQueryError(`sort can order by ${sortable.join(' or ')}, not ${JSON.stringify(field)}`);
    chosen = { field: field as Field, order: String(order).toUpperCase() === 'DESC' ? 'desc' : 'asc' };
  }
  return { offset: start, limit: end - start + 1, sort: chosen, filter };
}

/** Sends one page a store answered, with Content-Range over its exact total. */
export function sendStorePage<R>(
  reply: FastifyReply,
  resource: string,
  page: { offset: number; rows: readonly R[]; total: number },
) {
  const end = page.rows.length ? page.offset + page.rows.length - 1 : page.offset;
  return reply
    .header('content-range', `${resource} ${page.offset}-${end}/${page.total}`)
    .header('access-control-expose-headers', 'Content-Range, ETag')
    .send(page.rows);
}
