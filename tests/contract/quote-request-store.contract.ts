/**
 * What every QuoteRequestStore adapter must do: store a request and read it back by tenant and id,
 * list a tenant's requests newest first (createdAt descending, then id) a page at a time with the
 * total, keep tenants apart, refuse a request the quote-request schema refuses (naming where)
 * without storing anything, and refuse a second request with an id the tenant already has, keeping
 * the first. Then the conversation: a change is made on a named revision (a stale one refused),
 * holds and orders are checked against stock and every other live booking with the turnaround
 * between hires, two placements of the last unit at once give exactly one, and nothing a refused
 * change touched is written. Run by each adapter's test with its own factory.
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '../../schema/rental/quote-rules';
import { transferRows, transferShortage } from '../../schema/rental/stores';
import type { QuoteRequest } from '../../schema/types.generated';
import {
  HeldAheadError,
  OverbookedError,
  QuoteRequestExistsError,
  StaleQuoteError,
  StockMoveExistsError,
  UnknownQuoteError,
  type QuoteChange,
  type StockMove,
  type QuoteListQuery,
  type QuoteRequestStore,
} from '../../server/stores/quote-request-store';
import { storeUnderTest, type OpenedStore } from './store-under-test';

/** A request as POST /api/quote-requests stores it: the catalogue's names and rates on each line. */
export function sampleQuoteRequest(id: string, overrides: Partial<QuoteRequest> = {}): QuoteRequest {
  return {
    id,
    tenantId: 'aviation',
    uid: 'visitor-dana',
    email: 'dana@studio.example',
    name: 'Dana Reyes',
    lines: [
      { objectID: 'galley-cart', name: 'Atlas Galley Cart', quantity: 2, dayRate: 85, weekRate: 255 },
      { objectID: 'jump-seat', name: 'Jump Seat', quantity: 1, dayRate: 40 },
    ],
    startDate: '2026-12-01',
    endDate: '2026-12-07',
    production: 'Red Eye 2',
    studio: 'Stage 4 Pictures',
    notes: 'Stage 4, delivery before 7am',
    createdAt: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

export function describeQuoteRequestStoreContract(name: string, open: () => Promise<OpenedStore<QuoteRequestStore>>) {
  describe(`QuoteRequestStore contract: ${name}`, () => {
    const subject = storeUnderTest(open);

    const ids = (page: { requests: QuoteRequest[] }) => page.requests.map((request) => request.id);

    it('stores a request and reads it back whole; an unknown id gives undefined', async () => {
      const request = sampleQuoteRequest('q-1');
      expect(await subject.store.add(request)).toEqual(request);
      expect(await subject.store.get('aviation', 'q-1')).toEqual(request);
      // Optional fields left out stay out.
      const {
        name: _name,
        production: _production,
        studio: _studio,
        notes: _notes,
        ...bare
      } = sampleQuoteRequest('q-bare');
      await subject.store.add(bare);
      expect(await subject.store.get('aviation', 'q-bare')).toEqual(bare);
      expect(await subject.store.get('aviation', 'nothing')).toBeUndefined();
      expect(await subject.store.get('acme', 'nothing')).toBeUndefined();
    });

    it('lists a tenant newest first (then by id), a page at a time, with the total', async () => {
      // Added out of order; b and c were asked at the same moment, so the id decides between them.
      for (const [id, createdAt] of [
        ['c', '2026-11-20T09:00:00.000Z'],
        ['e', '2026-11-01T09:00:00.000Z'],
        ['a', '2026-11-22T09:00:00.000Z'],
        ['d', '2026-11-10T09:00:00.000Z'],
        ['b', '2026-11-20T09:00:00.000Z'],
      ] as const)
        await subject.store.add(sampleQuoteRequest(id, { createdAt }));
      const all = await subject.store.list('aviation');
      expect([all.total, ids(all)]).toEqual([5, ['a', 'b', 'c', 'd', 'e']]);
      const pages = await Promise.all([
        subject.store.list('aviation', { limit: 2 }),
        subject.store.list('aviation', { limit: 2, offset: 2 }),
        subject.store.list('aviation', { limit: 2, offset: 4 }),
      ]);
      expect(pages.map((page) => [page.total, ids(page)])).toEqual([
        [5, ['a', 'b']],
        [5, ['c', 'd']],
        [5, ['e']],
      ]);
      expect(await subject.store.list('aviation', { offset: 5 })).toEqual({ total: 5, requests: [] });
      expect(await subject.store.list('acme')).toEqual({ total: 0, requests: [] });
    });

    it("keeps tenants apart: neither reads, lists nor counts the other's requests, even under the same id", async () => {
      await subject.store.add(sampleQuoteRequest('shared', { notes: 'for aviation' }));
      await subject.store.add(sampleQuoteRequest('aviation-only'));
      await subject.store.add(
        sampleQuoteRequest('shared', { tenantId: 'acme', email: 'sam@studio.example', notes: 'for acme' }),
      );
      expect((await subject.store.get('aviation', 'shared'))?.notes).toBe('for aviation');
      expect((await subject.store.get('acme', 'shared'))?.notes).toBe('for acme');
      expect(await subject.store.get('acme', 'aviation-only')).toBeUndefined();
      const [aviation, acme] = await Promise.all([subject.store.list('aviation'), subject.store.list('acme')]);
      expect([aviation.total, ids(aviation).sort()]).toEqual([2, ['aviation-only', 'shared']]);
      expect([acme.total, acme.requests.map((request) => [request.tenantId, request.email])]).toEqual([
        1,
        [['acme', 'sam@studio.example']],
      ]);
    });

    it('refuses a request its schema refuses, naming where, and stores nothing', async () => {
      const refused: Array<[QuoteRequest, RegExp]> = [
        [sampleQuoteRequest('no-lines', { lines: [] as unknown as QuoteRequest['lines'] }), /\/lines/],
        [
          sampleQuoteRequest('zero', {
            lines: [{ objectID: 'galley-cart', name: 'Atlas Galley Cart', quantity: 0, dayRate: 85 }],
          }),
          /\/lines\/0\/quantity/,
        ],
        [sampleQuoteRequest('bad-email', { email: 'not an address' }), /\/email/],
        [sampleQuoteRequest('bad-date', { startDate: 'next tuesday' }), /\/startDate/],
        [{ ...sampleQuoteRequest('priced'), total: 1 } as QuoteRequest, /\/total unknown key/],
        [sampleQuoteRequest('', {}), /\/id/],
      ];
      for (const [request, where] of refused) {
        await expect(subject.store.add(request), request.id).rejects.toThrow(
          /^a quote request does not fit its schema: /,
        );
        await expect(subject.store.add(request), request.id).rejects.toThrow(where);
        expect(await subject.store.get('aviation', request.id || 'nothing'), request.id).toBeUndefined();
      }
      expect(await subject.store.list('aviation')).toEqual({ total: 0, requests: [] });
    });

    it('refuses a second request with an id the tenant has, plainly, and keeps the first', async () => {
      const first = sampleQuoteRequest('q-1', { notes: 'the first' });
      await subject.store.add(first);
      const second = sampleQuoteRequest('q-1', { notes: 'the second', createdAt: '2026-11-24T10:00:00.000Z' });
      await expect(subject.store.add(second)).rejects.toBeInstanceOf(QuoteRequestExistsError);
      await expect(subject.store.add(second)).rejects.toThrow(
        /^A quote request "q-1" of tenant "aviation" already exists$/,
      );
      expect(await subject.store.get('aviation', 'q-1')).toEqual(first);
      expect(await subject.store.list('aviation')).toEqual({ total: 1, requests: [first] });
    });

    describe('changes and bookings', () => {
      const stock = new Map([
        ['galley-cart', 2],
        ['jump-seat', 5],
      ]);
      const today = '2026-11-25';
      const place = (kind: 'pencil' | 'order', revision = 0, expiresOn?: string): QuoteChange => ({
        revision,
        apply: (current) => ({ ...current, hold: kind }),
        bookings: { place: kind, ...(expiresOn && { expiresOn }), placement: { stock, turnaroundDays: 1, today } },
      });
      const twoCarts = (id: string, startDate: string, endDate: string) =>
        sampleQuoteRequest(id, {
          startDate,
          endDate,
          lines: [{ objectID: 'galley-cart', name: 'Atlas Galley Cart', quantity: 2, dayRate: 85 }],
        });
      const held = async (from: string, to: string) =>
        (await subject.store.bookings('aviation', ['galley-cart', 'jump-seat'], from, to))
          .map((booking) => [booking.quoteId, booking.objectID, booking.quantity, booking.kind])
          .sort();

      it('makes a change on the revision named, counts it up, and refuses a stale or unknown one', async () => {
        await subject.store.add(sampleQuoteRequest('q-1'));
        const changed = await subject.store.change('aviation', 'q-1', {
          revision: 0,
          apply: (current) => ({ ...current, state: 'quoted' }),
        });
        expect([changed.state, changed.revision]).toEqual(['quoted', 1]);
        expect(await subject.store.get('aviation', 'q-1')).toEqual(changed);
        const stale = subject.store.change('aviation', 'q-1', {
          revision: 0,
          apply: (current) => ({ ...current, state: 'cancelled' }),
        });
        await expect(stale).rejects.toBeInstanceOf(StaleQuoteError);
        await expect(
          subject.store.change('aviation', 'q-1', { revision: 0, apply: (current) => current }),
        ).rejects.toMatchObject({ statusCode: 412, currentVersion: '1' });
        await expect(
          subject.store.change('aviation', 'nothing', { revision: 0, apply: (current) => current }),
        ).rejects.toBeInstanceOf(UnknownQuoteError);
        await expect(
          subject.store.change('acme', 'q-1', { revision: 1, apply: (current) => current }),
        ).rejects.toBeInstanceOf(UnknownQuoteError);
        // A change the schema refuses, or one that throws, writes nothing.
        await expect(
          subject.store.change('aviation', 'q-1', {
            revision: 1,
            apply: (current) => ({ ...current, state: 'lost' as never }),
          }),
        ).rejects.toThrow(/\/state/);
        expect(await subject.store.get('aviation', 'q-1')).toEqual(changed);
      });

      it('holds lines against stock and other bookings, a turnaround day apart, and names the line and day it cannot hold', async () => {
        await subject.store.add(twoCarts('first', '2026-12-01', '2026-12-07'));
        await subject.store.change('aviation', 'first', place('order'));
        expect(await held('2026-12-01', '2026-12-07')).toEqual([['first', 'galley-cart', 2, 'order']]);

        // Starts on the turnaround day after the first hire: refused, naming the day.
        await subject.store.add(twoCarts('second', '2026-12-08', '2026-12-10'));
        const refused = subject.store.change('aviation', 'second', place('pencil'));
        await expect(refused).rejects.toBeInstanceOf(OverbookedError);
        await expect(subject.store.change('aviation', 'second', place('pencil'))).rejects.toMatchObject({
          statusCode: 409,
          problems: [
            {
              pointer: '/lines/0/quantity',
              message: 'only 0 of 2 free on 2026-12-08: other holds and orders have the rest',
            },
          ],
        });
        expect((await subject.store.get('aviation', 'second'))?.revision ?? 0).toBe(0);
        expect(await held('2026-12-08', '2026-12-10')).toEqual([]);

        // A day later is free; re-placing a request's own hold never conflicts with itself.
        await subject.store.add(twoCarts('third', '2026-12-09', '2026-12-10'));
        await subject.store.change('aviation', 'third', place('pencil'));
        await subject.store.change('aviation', 'third', place('order', 1));
        expect(await held('2026-12-09', '2026-12-10')).toEqual([['third', 'galley-cart', 2, 'order']]);

        // Releasing frees the stock for the refused request.
        await subject.store.change('aviation', 'first', {
          revision: 1,
          apply: (current) => ({ ...current, hold: 'none', state: 'cancelled' }),
          bookings: 'release',
        });
        await subject.store.add(twoCarts('fourth', '2026-12-02', '2026-12-03'));
        await subject.store.change('aviation', 'fourth', place('order'));
        expect(await held('2026-12-01', '2026-12-07')).toEqual([['fourth', 'galley-cart', 2, 'order']]);
      });

      it('lets a pencil lapse after its quote expires, and keeps tenants apart', async () => {
        await subject.store.add(twoCarts('lapsed', '2026-12-01', '2026-12-03'));
        await subject.store.change('aviation', 'lapsed', place('pencil', 0, '2026-11-24'));
        await subject.store.add(twoCarts('after', '2026-12-01', '2026-12-03'));
        await subject.store.change('aviation', 'after', place('pencil', 0, '2026-12-31'));
        expect(await held('2026-12-01', '2026-12-03')).toEqual([
          ['after', 'galley-cart', 2, 'pencil'],
          ['lapsed', 'galley-cart', 2, 'pencil'],
        ]);
        await subject.store.add({ ...twoCarts('acme-one', '2026-12-01', '2026-12-03'), tenantId: 'acme' });
        await subject.store.change('acme', 'acme-one', place('order'));
        expect(await held('2026-12-01', '2026-12-03')).toHaveLength(2);
        // The tenant-wide read finds the same bookings by their days alone.
        expect(
          (await subject.store.bookingsBetween('aviation', '2026-12-03', '2026-12-20'))
            .map((booking) => booking.quoteId)
            .sort(),
        ).toEqual(['after', 'lapsed']);
        expect(await subject.store.bookingsBetween('aviation', '2026-12-04', '2026-12-20')).toEqual([]);
        expect(
          (await subject.store.bookingsBetween('acme', '2026-11-01', '2026-12-01')).map((booking) => booking.quoteId),
        ).toEqual(['acme-one']);
      });

      it('ranks holds by when they were placed: a second hold on the last units goes behind the first, an order passes only the holds behind its own, and of two confirmations at once the first hold wins', async () => {
        // A hold placed at `at`, as the steps place one (its rows carry when, which ranks them).
        const hold = (at: string, revision = 0): QuoteChange => ({
          revision,
          apply: (current) => ({
            ...current,
            hold: 'pencil',
            pencil: { placedAt: at, until: '2026-11-30', by: 'visitor' },
          }),
          bookings: { place: 'pencil', expiresOn: '2026-11-30', placement: { stock, turnaroundDays: 1, today } },
        });
        const confirm = (revision: number, heldAt?: string): QuoteChange => ({
          revision,
          apply: ({ pencil: _pencil, ...current }) => ({ ...current, hold: 'order' }),
          bookings: { place: 'order', ...(heldAt && { heldAt }), placement: { stock, turnaroundDays: 1, today } },
        });
        for (const id of ['night-ferry', 'red-eye', 'walk-in'])
          await subject.store.add(twoCarts(id, '2026-12-01', '2026-12-03'));
        await subject.store.change('aviation', 'red-eye', hold('2026-11-20T10:00:00.000Z'));
        // Placed earlier in time but stored second: when it was placed ranks it, not when it was written.
        await subject.store.change('aviation', 'night-ferry', hold('2026-11-19T09:00:00.000Z'));
        expect(
          (await subject.store.bookings('aviation', ['galley-cart'], '2026-12-01', '2026-12-03'))
            .map((booking) => [booking.quoteId, booking.kind, booking.heldAt])
            .sort(),
        ).toEqual([
          ['night-ferry', 'pencil', '2026-11-19T09:00:00.000Z'],
          ['red-eye', 'pencil', '2026-11-20T10:00:00.000Z'],
        ]);
        // Nothing held by the walk-in, so every hold stands ahead of its order; the second hold has the first ahead.
        const refusal = { statusCode: 409, ahead: ['night-ferry', 'red-eye'] };
        await expect(subject.store.change('aviation', 'walk-in', confirm(0))).rejects.toMatchObject(refusal);
        await expect(
          subject.store.change('aviation', 'red-eye', confirm(1, '2026-11-20T10:00:00.000Z')),
        ).rejects.toBeInstanceOf(HeldAheadError);
        // Both holders confirm at once: the first hold's passes, the second's is refused naming it.
        const results = await Promise.allSettled([
          subject.store.change('aviation', 'red-eye', confirm(1, '2026-11-20T10:00:00.000Z')),
          subject.store.change('aviation', 'night-ferry', confirm(1, '2026-11-19T09:00:00.000Z')),
        ]);
        expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled']);
        // Refused whichever the store took first: held ahead, or booked by the order.
        expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ statusCode: 409 });
        expect(await held('2026-12-01', '2026-12-03')).toEqual([
          ['night-ferry', 'galley-cart', 2, 'order'],
          ['red-eye', 'galley-cart', 2, 'pencil'],
        ]);
        // A hold on stock an order has taken is refused: only orders and stock off the shelf refuse a hold.
        await subject.store.add(twoCarts('late', '2026-12-02', '2026-12-02'));
        await expect(subject.store.change('aviation', 'late', hold('2026-11-21T00:00:00.000Z'))).rejects.toBeInstanceOf(
          OverbookedError,
        );
      });

      it('ranks a hold the house moved up from where it was moved: its rows carry that instant, and its order passes the hold it passed', async () => {
        const placement = { stock, turnaroundDays: 1, today };
        const hold = (pencil: QuoteRequest['pencil'], revision: number): QuoteChange => ({
          revision,
          apply: (current) => ({ ...current, hold: 'pencil', pencil }),
          bookings: { place: 'pencil', expiresOn: '2026-11-30', placement },
        });
        for (const id of ['first-light', 'second-unit'])
          await subject.store.add(twoCarts(id, '2026-12-01', '2026-12-03'));
        await subject.store.change(
          'aviation',
          'first-light',
          hold({ placedAt: '2026-11-19T09:00:00.000Z', until: '2026-11-30', by: 'visitor' }, 0),
        );
        const placed = { placedAt: '2026-11-20T10:00:00.000Z', until: '2026-11-30', by: 'vendor' } as const;
        await subject.store.change('aviation', 'second-unit', hold(placed, 0));
        await subject.store.change(
          'aviation',
          'second-unit',
          hold({ ...placed, rankedAt: '2026-11-19T08:59:59.000Z' }, 1),
        );
        expect(
          (await subject.store.bookings('aviation', ['galley-cart'], '2026-12-01', '2026-12-03'))
            .map((booking) => [booking.quoteId, booking.heldAt])
            .sort(),
        ).toEqual([
          ['first-light', '2026-11-19T09:00:00.000Z'],
          ['second-unit', '2026-11-19T08:59:59.000Z'],
        ]);
        await subject.store.change('aviation', 'second-unit', {
          revision: 2,
          apply: ({ pencil: _pencil, ...current }) => ({ ...current, hold: 'order' }),
          bookings: { place: 'order', heldAt: '2026-11-19T08:59:59.000Z', placement },
        });
        expect(await held('2026-12-01', '2026-12-03')).toEqual([
          ['first-light', 'galley-cart', 2, 'pencil'],
          ['second-unit', 'galley-cart', 2, 'order'],
        ]);
      });

      it('gives the last units to exactly one of two placements made at once', async () => {
        await subject.store.add(twoCarts('one', '2026-12-01', '2026-12-03'));
        await subject.store.add(twoCarts('two', '2026-12-02', '2026-12-05'));
        const results = await Promise.allSettled([
          subject.store.change('aviation', 'one', place('order')),
          subject.store.change('aviation', 'two', place('order')),
        ]);
        expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
        expect((results.find((result) => result.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(
          OverbookedError,
        );
        expect(await held('2026-12-01', '2026-12-05')).toHaveLength(1);
      });

      it("books a kit's components, not the kit: a component booked alone leaves the kit short at its line, named, and of a kit and its component confirmed at once exactly one wins", async () => {
        // A galley set: 2 galley carts and a jump seat (as its line keeps it); the house has 2 carts.
        const galleySet = (id: string, startDate: string, endDate: string) =>
          sampleQuoteRequest(id, {
            startDate,
            endDate,
            lines: [
              {
                objectID: 'galley-set',
                name: 'Galley set',
                quantity: 1,
                dayRate: 150,
                kit: {
                  kind: 'fixed',
                  components: [
                    { objectID: 'galley-cart', name: 'Atlas Galley Cart', quantity: 2 },
                    { objectID: 'jump-seat', name: 'Jump Seat', quantity: 1, within: 'Crew kit' },
                  ],
                },
              },
            ],
          });
        await subject.store.add(galleySet('kit-first', '2026-12-01', '2026-12-03'));
        await subject.store.change('aviation', 'kit-first', place('order'));
        expect(await held('2026-12-01', '2026-12-03')).toEqual([
          ['kit-first', 'galley-cart', 2, 'order'],
          ['kit-first', 'jump-seat', 1, 'order'],
        ]);
        // A cart asked for alone on those days: none left.
        await subject.store.add(twoCarts('carts-alone', '2026-12-02', '2026-12-02'));
        await expect(subject.store.change('aviation', 'carts-alone', place('order'))).rejects.toMatchObject({
          problems: [
            { pointer: '/lines/0/quantity', message: expect.stringMatching(/^only 0 of 2 free on 2026-12-02/) },
          ],
        });
        // The other way round: carts booked alone leave the next kit short at its line, naming the component.
        await subject.store.add(twoCarts('carts-first', '2026-12-10', '2026-12-12'));
        await subject.store.change('aviation', 'carts-first', place('order'));
        await subject.store.add(galleySet('kit-after', '2026-12-11', '2026-12-11'));
        await expect(subject.store.change('aviation', 'kit-after', place('pencil'))).rejects.toMatchObject({
          problems: [
            {
              pointer: '/lines/0/quantity',
              message:
                'Atlas Galley Cart (2 needed): only 0 of 2 free on 2026-12-11: other holds and orders have the rest',
            },
          ],
        });
        // A kit and its component confirmed at once, on the last carts: exactly one wins.
        await subject.store.add(galleySet('kit-race', '2026-12-20', '2026-12-22'));
        await subject.store.add(twoCarts('carts-race', '2026-12-21', '2026-12-23'));
        const results = await Promise.allSettled([
          subject.store.change('aviation', 'kit-race', place('order')),
          subject.store.change('aviation', 'carts-race', place('order')),
        ]);
        expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
        expect((results.find((result) => result.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(
          OverbookedError,
        );
        expect(
          (await held('2026-12-20', '2026-12-23')).filter(([, objectID]) => objectID === 'galley-cart'),
        ).toHaveLength(1);
      });

      it("keeps each row's store, moves stock between stores once per id, and of a transfer and an order at once on the last carts exactly one wins", async () => {
        // Two stores: Sun Valley (main) keeps both carts; Atlanta none until a transfer.
        const atStore = (store: string, id: string, startDate: string, endDate: string) => ({
          ...twoCarts(id, startDate, endDate),
          ...(store !== 'sun-valley' && { store }),
        });
        const placeAt = (store: string) => ({
          ...place('order'),
          bookings: {
            place: 'order' as const,
            placement: {
              stock: new Map([['galley-cart', store === 'sun-valley' ? 2 : 0]]),
              store: { id: store, main: 'sun-valley' },
              turnaroundDays: 1,
              today,
            },
          },
        });
        // Atlanta has no carts: its order is refused; Sun Valley's goes through, its row naming no store.
        await subject.store.add(atStore('atlanta', 'atl-1', '2027-01-05', '2027-01-06'));
        await expect(subject.store.change('aviation', 'atl-1', placeAt('atlanta'))).rejects.toBeInstanceOf(
          OverbookedError,
        );
        const move = (id: string, outOn: string, from = 'sun-valley', to = 'atlanta'): StockMove => {
          const transfer = {
            id,
            objectID: 'galley-cart',
            quantity: 2,
            from,
            to,
            outOn,
            inOn: addDays(outOn, 2),
            by: 'kim',
          };
          return {
            rows: transferRows(transfer),
            check: (booked) => {
              const stock = from === 'sun-valley' ? 2 : 0;
              const short = transferShortage(transfer, stock, booked, { turnaroundDays: 1, today, main: 'sun-valley' });
              if (short)
                throw new OverbookedError([{ pointer: '/quantity', message: `short on ${short.day}` }], 'order');
            },
          };
        };
        await subject.store.moveStock('aviation', move('t-1', '2027-01-01'));
        const rows = await subject.store.bookings('aviation', ['galley-cart'], '2027-01-01', '2027-01-09');
        expect(rows.map((row) => [row.quoteId, row.kind, row.store, row.firstDay]).sort()).toEqual([
          ['transfer:t-1:in', 'transferIn', 'atlanta', '2027-01-03'],
          ['transfer:t-1:out', 'transferOut', 'sun-valley', '2027-01-01'],
        ]);
        // Arrived: Atlanta's order holds, and its row says where.
        await subject.store.change('aviation', 'atl-1', placeAt('atlanta'));
        expect(
          (await subject.store.bookings('aviation', ['galley-cart'], '2027-01-05', '2027-01-06')).find(
            (row) => row.quoteId === 'atl-1',
          ),
        ).toMatchObject({ kind: 'order', store: 'atlanta' });
        // The same transfer id again moves nothing.
        await expect(subject.store.moveStock('aviation', move('t-1', '2027-01-01'))).rejects.toBeInstanceOf(
          StockMoveExistsError,
        );
        // A second transfer and a Sun Valley order at once, on carts that are gone: the order is short anyway.
        await subject.store.add(atStore('sun-valley', 'sv-1', '2027-02-01', '2027-02-02'));
        await expect(subject.store.change('aviation', 'sv-1', placeAt('sun-valley'))).rejects.toBeInstanceOf(
          OverbookedError,
        );
        // Atlanta's carts ordered for February and sent back to Sun Valley in January, at once: exactly one wins.
        await subject.store.add(atStore('atlanta', 'atl-race', '2027-02-01', '2027-02-02'));
        const results = await Promise.allSettled([
          subject.store.change('aviation', 'atl-race', placeAt('atlanta')),
          subject.store.moveStock('aviation', move('t-back', '2027-01-20', 'atlanta', 'sun-valley')),
        ]);
        expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
        expect((results.find((result) => result.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(
          OverbookedError,
        );
      });

      it('tells a subscriber of each request added or changed in its tenant, and stops when asked', async () => {
        await subject.store.add(sampleQuoteRequest('before'));
        const heard: string[] = [];
        const stop = subject.store.subscribe('aviation', (id) => heard.push(id));
        // A listener on a shared store starts with what exists: give it a moment to settle.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await subject.store.add(sampleQuoteRequest('added'));
        await subject.store.change('aviation', 'before', {
          revision: 0,
          apply: (current) => ({ ...current, state: 'cancelled' }),
        });
        await subject.store.add({ ...sampleQuoteRequest('elsewhere'), tenantId: 'acme' });
        await expect.poll(() => [...new Set(heard)].sort()).toEqual(['added', 'before']);
        stop();
        await subject.store.change('aviation', 'added', {
          revision: 0,
          apply: (current) => ({ ...current, state: 'cancelled' }),
        });
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(heard.filter((id) => id === 'added')).toHaveLength(1);
      });

      it("lists one visitor's requests, newest first", async () => {
        await subject.store.add(sampleQuoteRequest('old', { createdAt: '2026-11-01T09:00:00.000Z' }));
        await subject.store.add(sampleQuoteRequest('new', { createdAt: '2026-11-20T09:00:00.000Z' }));
        await subject.store.add(sampleQuoteRequest('someone-else', { uid: 'visitor-sam' }));
        const ids = async (tenantId: string, query: QuoteListQuery) =>
          (await subject.store.list(tenantId, query)).requests.map((request) => request.id);
        expect(await ids('aviation', { uid: 'visitor-dana' })).toEqual(['new', 'old']);
        expect(await ids('acme', { uid: 'visitor-dana' })).toEqual([]);
      });

      it('answers a query in the store: state, dates, visitor and confirmation time, sorted and paged, with the exact total', async () => {
        const day = (n: number) => `2027-01-${String(n).padStart(2, '0')}`;
        const confirmed = (at: string) => ({
          state: 'confirmed' as const,
          history: [
            {
              at,
              action: 'confirm' as const,
              from: 'accepted' as const,
              to: 'confirmed' as const,
              by: 'vendor' as const,
            },
          ],
        });
        const requests = [
          sampleQuoteRequest('a', {
            createdAt: '2026-11-01T09:00:00.000Z',
            startDate: day(1),
            endDate: day(5),
            state: 'requested',
          }),
          sampleQuoteRequest('b', {
            createdAt: '2026-11-02T09:00:00.000Z',
            startDate: day(10),
            endDate: day(12),
            state: 'quoted',
            uid: 'visitor-sam',
          }),
          sampleQuoteRequest('c', {
            createdAt: '2026-11-03T09:00:00.000Z',
            startDate: day(3),
            endDate: day(20),
            ...confirmed('2026-11-15T18:00:00.000Z'),
          }),
          sampleQuoteRequest('d', {
            createdAt: '2026-11-04T09:00:00.000Z',
            startDate: day(21),
            endDate: day(25),
            ...confirmed('2026-12-01T08:00:00.000Z'),
          }),
          sampleQuoteRequest('e', {
            createdAt: '2026-11-04T09:00:00.000Z',
            startDate: day(6),
            endDate: day(9),
            state: 'requested',
          }),
        ];
        for (const request of requests) await subject.store.add(request);
        await subject.store.add(
          sampleQuoteRequest('other-tenant', { tenantId: 'acme', startDate: day(1), endDate: day(30) }),
        );
        const answer = async (query: QuoteListQuery) => {
          const { total, requests: page } = await subject.store.list('aviation', query);
          return { total, ids: page.map((request) => request.id) };
        };
        // Newest first, ties by id; a page keeps the total of all.
        expect(await answer({})).toEqual({ total: 5, ids: ['d', 'e', 'c', 'b', 'a'] });
        expect(await answer({ offset: 1, limit: 2 })).toEqual({ total: 5, ids: ['e', 'c'] });
        expect(await answer({ state: 'requested' })).toEqual({ total: 2, ids: ['e', 'a'] });
        // Hires that reach into 7–10 January: e (6–9), b (10–12), c (3–20).
        expect(await answer({ from: day(7), to: day(10) })).toEqual({ total: 3, ids: ['e', 'c', 'b'] });
        expect(await answer({ from: day(7), to: day(10), state: 'confirmed' })).toEqual({ total: 1, ids: ['c'] });
        expect(await answer({ from: day(21) })).toEqual({ total: 1, ids: ['d'] });
        expect(await answer({ uid: 'visitor-sam' })).toEqual({ total: 1, ids: ['b'] });
        expect(await answer({ sort: { field: 'startDate', order: 'asc' } })).toEqual({
          total: 5,
          ids: ['a', 'c', 'e', 'b', 'd'],
        });
        expect(
          await answer({
            state: 'confirmed',
            confirmedFrom: '2026-11-01T00:00:00.000Z',
            confirmedBefore: '2026-12-01T00:00:00.000Z',
          }),
        ).toEqual({ total: 1, ids: ['c'] });
        // Totals follow each change of state, and a hire longer than any before is still found by its dates.
        await subject.store.change('aviation', 'a', {
          revision: 0,
          apply: (current) => ({ ...current, state: 'cancelled' }),
        });
        expect(await answer({ state: 'requested' })).toEqual({ total: 1, ids: ['e'] });
        expect(await answer({ state: 'cancelled' })).toEqual({ total: 1, ids: ['a'] });
        await subject.store.add(
          sampleQuoteRequest('season', {
            createdAt: '2026-11-05T09:00:00.000Z',
            startDate: '2026-06-01',
            endDate: day(8),
            state: 'requested',
          }),
        );
        expect(await answer({ from: day(7), to: day(10) })).toEqual({ total: 4, ids: ['season', 'e', 'c', 'b'] });
        expect(await answer({})).toMatchObject({ total: 6 });
      });

      it('pages by keyset after the last request of the page before, by first day then id, without counting a total', async () => {
        const days = ['2027-03-05', '2027-03-01', '2027-03-03', '2027-03-01', '2027-03-09', '2027-02-20'];
        for (const [index, startDate] of days.entries())
          await subject.store.add(
            sampleQuoteRequest(`keyset-${index}`, { startDate, endDate: addDays(startDate, index % 3) }),
          );
        const query = {
          from: '2027-03-01',
          to: '2027-03-31',
          sort: { field: 'startDate' as const, order: 'asc' as const },
          limit: 2,
          countTotal: false,
        };
        const seen: string[] = [];
        for (let after: QuoteRequest | undefined, pages = 0; pages < 10; pages++) {
          const page = await subject.store.list('aviation', { ...query, ...(after && { after }) });
          expect(page.total).toBe(page.requests.length);
          seen.push(...page.requests.map((request) => request.id));
          after = page.requests.at(-1);
          if (page.requests.length < 2) break;
        }
        // Each once, first days in order (a store may order a day's requests by more than their id);
        // the 20 Feb hire ends before March: not in the range.
        expect([...seen].sort()).toEqual(['keyset-0', 'keyset-1', 'keyset-2', 'keyset-3', 'keyset-4']);
        const firstDays = seen.map((id) => days[Number(id.split('-')[1])]!);
        expect(firstDays).toEqual([...firstDays].sort());
      });

      it('finds the open requests past their last open day, and none once they are closed', async () => {
        await subject.store.add(
          sampleQuoteRequest('starts-soon', { state: 'requested', startDate: '2026-12-01', endDate: '2026-12-03' }),
        );
        await subject.store.add(
          sampleQuoteRequest('later', { state: 'requested', startDate: '2027-03-01', endDate: '2027-03-03' }),
        );
        await subject.store.add(
          sampleQuoteRequest('done', { state: 'cancelled', startDate: '2026-12-01', endDate: '2026-12-03' }),
        );
        // Open until the day before its hire: due from 1 December on.
        expect((await subject.store.due('aviation', '2026-11-30', 10)).map((request) => request.id)).toEqual([]);
        expect((await subject.store.due('aviation', '2026-12-01', 10)).map((request) => request.id)).toEqual([
          'starts-soon',
        ]);
        await subject.store.change('aviation', 'starts-soon', {
          revision: 0,
          apply: (current) => ({ ...current, state: 'expired' }),
        });
        expect(await subject.store.due('aviation', '2026-12-01', 10)).toEqual([]);
        expect((await subject.store.due('aviation', '2027-06-01', 10)).map((request) => request.id)).toEqual(['later']);
      });
    });
  });
}
