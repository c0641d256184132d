/**
 * server/lib/ra-list.ts, the react-admin list query: the one `filter` parser (also used by the
 * items route, which reads some keys itself) and the filter, sort and range it applies. Every
 * malformed parameter is a 400 naming the parameter.
 */
import { describe, expect, it } from 'vitest';
import { applyListQuery, compareListValues, ListQueryError, parseListFilter } from '../../../server/lib/ra-list';

describe('parseListFilter', () => {
  it('reads a JSON object, and no filter (or null) as none', () => {
    expect(parseListFilter('{"q":"seat","id":["a"],"group":"sets"}')).toEqual({ q: 'seat', id: ['a'], group: 'sets' });
    expect(parseListFilter(undefined)).toEqual({});
    expect(parseListFilter('null')).toEqual({});
  });

  it('refuses what is not JSON, or not an object, as a 400 naming filter', () => {
    for (const text of ['{q:', 'seat', '', '[1,2]', '"seat"', '3', 'true']) {
      let caught: unknown;
      try {
        parseListFilter(text);
      } catch (error) {
        caught = error;
      }
      expect(caught, text).toBeInstanceOf(ListQueryError);
      expect((caught as ListQueryError).statusCode, text).toBe(400);
      expect((caught as Error).message, text).toMatch(/^filter must be (JSON|a JSON object), e\.g\. \{"q":"seat"\}$/);
    }
  });
});

describe('applyListQuery', () => {
  const records = [
    { id: 'a', name: 'Galley Cart', kind: 'cart', rank: 2 },
    { id: 'b', name: 'Jump Seat', kind: 'seat', rank: 1 },
    { id: 'c', name: 'Cockpit Shell', kind: 'set', rank: 3 },
  ];
  const ids = (query: Parameters<typeof applyListQuery>[1]) =>
    applyListQuery(records, query).page.map((record) => record.id);

  it('filters by text, ids and exact fields, sorts and pages', () => {
    expect(ids({ filter: '{"q":"SEAT"}' })).toEqual(['b']);
    expect(ids({ filter: '{"id":["c","a"]}' })).toEqual(['a', 'c']);
    expect(ids({ filter: '{"kind":"cart"}' })).toEqual(['a']);
    expect(ids({ sort: '["rank","DESC"]' })).toEqual(['c', 'a', 'b']);
    expect(applyListQuery(records, { sort: '["name","ASC"]', range: '[1,1]' })).toMatchObject({
      page: [{ id: 'a' }],
      start: 1,
      end: 1,
      total: 3,
    });
  });

  it('refuses a malformed filter with the same 400 as parseListFilter', () => {
    expect(() => applyListQuery(records, { filter: '{q:' })).toThrow('filter must be JSON, e.g. {"q":"seat"}');
    expect(() => applyListQuery(records, { filter: '[1]' })).toThrow('filter must be a JSON object, e.g. {"q":"seat"}');
  });
});

describe('list sort', () => {
  const order = (values: unknown[], direction = 'ASC') =>
    applyListQuery(
      values.map((value, i) => ({ id: String(i), value })),
      { sort: JSON.stringify(['value', direction]) },
    ).page.map((row) => row.value);

  it('sorts ids written as numbers by value (the history: 11, 10, 9 … 1, never 9 … 2, 11, 10, 1)', () => {
    const ids = Array.from({ length: 11 }, (_, i) => String(i + 1));
    expect(
      applyListQuery(
        ids.map((id) => ({ id })),
        { sort: '["id","DESC"]' },
      ).page.map((row) => row.id),
    ).toEqual([...ids].reverse());
    expect(order([10, 9, 100, 1.5])).toEqual([1.5, 9, 10, 100]);
  });

  it('sorts dates by instant, whatever their offset, and text with numbers in it naturally', () => {
    expect(order(['2026-03-01T10:00:00+02:00', '2026-03-01T09:30:00Z', '2025-12-31'])).toEqual([
      '2025-12-31',
      '2026-03-01T10:00:00+02:00',
      '2026-03-01T09:30:00Z',
    ]);
    expect(order(['Seat 10', 'seat 9', 'Seat 1'])).toEqual(['Seat 1', 'seat 9', 'Seat 10']);
    expect(order([true, false, true], 'DESC')).toEqual([true, true, false]);
  });

  it('keeps missing values last in both directions', () => {
    expect(order([null, 2, undefined, 1]).slice(0, 2)).toEqual([1, 2]);
    expect(order([null, 2, undefined, 1], 'DESC').slice(0, 2)).toEqual([2, 1]);
    expect(compareListValues('2', '10')).toBeLessThan(0);
  });
});
