/**
 * What every QuoteRequestStore adapter must do on the warehouse floor: keep units (a tag names one,
 * a second add of it refused with nothing added), apply a scan atomically with the order, the unit,
 * the order's bookings (their units out) and the stock rows it starts (repair, lost), record every
 * scan, answer a repeated scan id from its record without applying it again, give one unit to only
 * one of two orders scanning it at once, and fold units out past an order's last day into every
 * later range. Run by each adapter's test with its own factory; the scans are judged by the one
 * pure rule (schema/rental/hire.ts).
 */
import { describe, expect, it } from 'vitest';
import { collisions, freeOver } from '../../schema/rental/availability';
import { judgeScan, tagOf } from '../../schema/rental/hire';
import { transferRows } from '../../schema/rental/stores';
import type { QuoteRequest, ScanInput, Unit } from '../../schema/types.generated';
import { OverbookedError, UnitExistsError, type QuoteRequestStore } from '../../server/stores/quote-request-store';
import { sampleQuoteRequest } from './quote-request-store.contract';
import { storeUnderTest, type OpenedStore } from './store-under-test';
import { DEFAULT_CHARGE_RULE } from '../fixtures/charge-rule';

const items = new Map([
  [
    'galley-cart',
    {
      objectID: 'galley-cart',
      name: 'Atlas Galley Cart',
      tracking: 'units' as const,
      rates: { day: 85, week: 255 },
      replacementValue: 1500,
    },
  ],
  [
    'jump-seat',
    {
      objectID: 'jump-seat',
      name: 'Jump Seat',
      tracking: 'quantity' as const,
      rates: { day: 40 },
      replacementValue: 200,
    },
  ],
]);

const unit = (tag: string, objectID = 'galley-cart'): Unit => ({
  tenantId: 'aviation',
  tag,
  objectID,
  status: 'inService',
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
  history: [],
});

export function describeHireStoreContract(name: string, open: () => Promise<OpenedStore<QuoteRequestStore>>) {
  describe(`QuoteRequestStore hire contract: ${name}`, () => {
    const subject = storeUnderTest(open);
    const stock = new Map([
      ['galley-cart', 2],
      ['jump-seat', 5],
    ]);

    /** A confirmed order of two carts and one jump seat, its bookings placed. */
    async function confirmedOrder(id: string, startDate = '2026-12-01', endDate = '2026-12-07'): Promise<QuoteRequest> {
      await subject.store.add(sampleQuoteRequest(id, { startDate, endDate }));
      return subject.store.change('aviation', id, {
        revision: 0,
        apply: (current) => ({ ...current, state: 'confirmed', hold: 'order' }),
        bookings: { place: 'order', placement: { stock, turnaroundDays: 1, today: '2026-11-25' } },
      });
    }

    let scanNumber = 0;
    const scan = (orderId: string, input: Partial<ScanInput> & { code: string }, today = '2026-12-01') => {
      const full: ScanInput = { id: `scan-${String((scanNumber += 1)).padStart(6, '0')}`, direction: 'out', ...input };
      return subject.store.hireStep('aviation', {
        id: full.id,
        orderId,
        tag: tagOf(full.code),
        apply: ({ order, unit: current }) =>
          judgeScan({
            tenantId: 'aviation',
            order: order!,
            unit: current,
            items,
            input: full,
            who: 'crew@prop.example',
            now: new Date(`${today}T09:00:00Z`),
            today,
            turnaroundDays: 1,
            timezone: 'UTC',
            charges: DEFAULT_CHARGE_RULE,
          }),
      });
    };

    it('keeps units by tag, lists them by item and status, and refuses a tag it has (adding none of the set)', async () => {
      await subject.store.addUnits('aviation', [unit('CART-0001'), unit('CART-0002'), unit('SEAT-0001', 'jump-seat')]);
      expect(await subject.store.getUnit('aviation', 'CART-0002')).toEqual(unit('CART-0002'));
      expect(await subject.store.getUnit('acme', 'CART-0002')).toBeUndefined();
      const carts = await subject.store.listUnits('aviation', { objectID: 'galley-cart' });
      expect([carts.total, carts.units.map((entry) => entry.tag)]).toEqual([2, ['CART-0001', 'CART-0002']]);
      await expect(subject.store.addUnits('aviation', [unit('CART-0003'), unit('CART-0001')])).rejects.toBeInstanceOf(
        UnitExistsError,
      );
      expect(await subject.store.getUnit('aviation', 'CART-0003')).toBeUndefined();
      expect((await subject.store.listUnits('aviation', { status: 'inService' })).total).toBe(3);
    });

    it('checks a unit out with its order and bookings at once, answers a repeated scan from its record, and records every scan', async () => {
      await subject.store.addUnits('aviation', [unit('CART-0001'), unit('CART-0002')]);
      await confirmedOrder('order-1');
      const first = await scan('order-1', { id: 'phone-a-0001', code: 'aviation/CART-0001' });
      expect(first).toMatchObject({
        repeat: false,
        record: { outcome: 'ok', tag: 'CART-0001', message: 'Out: CART-0001 (Atlas Galley Cart). 1 of 2 out.' },
      });
      expect(first.order).toMatchObject({
        state: 'partlyOut',
        revision: 2,
        hire: { lines: [{ objectID: 'galley-cart', out: 1, back: 0, tags: ['CART-0001'] }] },
      });
      expect(await subject.store.getUnit('aviation', 'CART-0001')).toMatchObject({ status: 'out', orderId: 'order-1' });
      expect(
        (await subject.store.bookings('aviation', ['galley-cart'], '2026-12-01', '2026-12-07')).map(
          (booking) => booking.out,
        ),
      ).toEqual([1]);

      // The phone lost its connection and sends the same scan again: answered, not applied.
      const again = await scan('order-1', { id: 'phone-a-0001', code: 'aviation/CART-0001' });
      expect(again).toMatchObject({ repeat: true, record: first.record });
      expect((await subject.store.get('aviation', 'order-1'))?.revision).toBe(2);
      // The same id on another order is not that scan again: refused in words, nothing applied to either.
      await confirmedOrder('order-2', '2027-01-04', '2027-01-06');
      await expect(scan('order-2', { id: 'phone-a-0001', code: 'aviation/CART-0002' }, '2027-01-04')).rejects.toThrow(
        'Scan id "phone-a-0001" was already used on order order-1: each scan needs an id of its own. Nothing was applied.',
      );
      expect((await subject.store.get('aviation', 'order-2'))?.hire).toBeUndefined();
      expect(await subject.store.getUnit('aviation', 'CART-0002')).toMatchObject({ status: 'inService' });

      // The same unit scanned again, an unknown code, another tenant's label: each said, none applied.
      expect((await scan('order-1', { code: 'CART-0001' })).record).toMatchObject({
        outcome: 'alreadyOut',
        message: 'CART-0001 (Atlas Galley Cart) is already out on this order.',
      });
      expect((await scan('order-1', { code: 'NOPE-1' })).record.outcome).toBe('unknown');
      expect((await scan('order-1', { code: 'acme/CART-0002' })).record.outcome).toBe('otherTenant');
      // A counted item: three jump seats are more than the one booked.
      expect((await scan('order-1', { code: 'jump-seat', count: 3 })).record).toMatchObject({ outcome: 'tooMany' });
      expect((await scan('order-1', { code: 'jump-seat' })).record).toMatchObject({ outcome: 'ok', count: 1 });
      const done = await scan('order-1', { code: 'cart-0002' });
      expect(done.order?.state).toBe('out');

      const audit = await subject.store.scans('aviation', 'order-1');
      expect(audit.map((record) => record.outcome)).toEqual([
        'ok',
        'alreadyOut',
        'unknown',
        'otherTenant',
        'tooMany',
        'ok',
        'ok',
      ]);
      expect(await subject.store.scans('acme', 'order-1')).toEqual([]);
    });

    it("moves a fixed kit's own units by its label in one step, each read and written with the order", async () => {
      await subject.store.addUnits('aviation', [unit('CART-0001'), unit('CART-0002')]);
      const trolleys = {
        objectID: 'galley-cart',
        name: 'Atlas Galley Cart',
        quantity: 2,
        tags: ['CART-0001', 'CART-0002'],
      };
      const kitLine = {
        objectID: 'galley-set',
        name: 'Galley set',
        quantity: 1,
        dayRate: 150,
        kit: { kind: 'fixed' as const, components: [trolleys] },
      } as QuoteRequest['lines'][number];
      await subject.store.add(sampleQuoteRequest('kit-1', { lines: [kitLine] }));
      await subject.store.change('aviation', 'kit-1', {
        revision: 0,
        apply: (current) => ({ ...current, state: 'confirmed', hold: 'order' }),
        bookings: { place: 'order', placement: { stock, turnaroundDays: 1, today: '2026-11-25' } },
      });
      const kitItems = new Map(items).set('galley-set', {
        objectID: 'galley-set',
        name: 'Galley set',
        tracking: 'quantity',
        rates: { day: 150 },
        replacementValue: 0,
      });
      const done = await subject.store.hireStep('aviation', {
        id: 'kit-scan-000001',
        orderId: 'kit-1',
        tag: 'GALLEY-SET',
        tags: trolleys.tags,
        apply: ({ order, unit: none, units }) => {
          expect(none).toBeUndefined();
          return judgeScan({
            tenantId: 'aviation',
            order: order!,
            unit: undefined,
            kitUnits: units,
            items: kitItems,
            input: { id: 'kit-scan-000001', direction: 'out', code: 'galley-set' },
            who: 'crew@prop.example',
            now: new Date('2026-12-01T09:00:00Z'),
            today: '2026-12-01',
            turnaroundDays: 1,
            timezone: 'UTC',
            charges: DEFAULT_CHARGE_RULE,
          });
        },
      });
      expect(done.record).toMatchObject({
        outcome: 'ok',
        message: 'Out: 1 × Galley set (2 × Atlas Galley Cart CART-0001, CART-0002).',
      });
      for (const tag of trolleys.tags)
        expect(await subject.store.getUnit('aviation', tag)).toMatchObject({ status: 'out', orderId: 'kit-1' });
      expect((await subject.store.get('aviation', 'kit-1'))?.hire?.lines).toEqual([
        expect.objectContaining({ objectID: 'galley-cart', out: 2, tags: ['CART-0001', 'CART-0002'] }),
      ]);
    });

    it('checks units back in: fine to the shelf, damaged to repair (blocking stock until back in service), lost out of stock', async () => {
      await subject.store.addUnits('aviation', [unit('CART-0001'), unit('CART-0002')]);
      await confirmedOrder('order-1');
      await scan('order-1', { code: 'CART-0001' });
      await scan('order-1', { code: 'CART-0002' });
      await scan('order-1', { code: 'jump-seat' });
      expect((await scan('order-1', { code: 'CART-0001', direction: 'in' }, '2026-12-07')).order?.state).toBe(
        'partlyReturned',
      );
      const damaged = await scan(
        'order-1',
        { code: 'CART-0002', direction: 'in', condition: 'damaged', note: 'Wheel bent' },
        '2026-12-07',
      );
      expect(damaged.record.message).toBe('Back damaged (to repair): CART-0002 (Atlas Galley Cart). 2 of 2 back.');
      expect(await subject.store.getUnit('aviation', 'CART-0002')).toMatchObject({
        status: 'repair',
        condition: 'Wheel bent',
      });
      expect((await subject.store.getUnit('aviation', 'CART-0002'))?.orderId).toBeUndefined();
      const lost = await scan('order-1', { code: 'jump-seat', direction: 'in', condition: 'lost' }, '2026-12-07');
      expect(lost.order).toMatchObject({
        state: 'returned',
        hire: { lines: expect.arrayContaining([expect.objectContaining({ objectID: 'jump-seat', lost: 1 })]) },
      });
      // A check-in of more than went out is refused.
      expect((await scan('order-1', { code: 'jump-seat', direction: 'in' }, '2026-12-07')).record.outcome).toBe(
        'refused',
      );

      // From the day after the order's turnaround, the cart in repair and the lost seat take stock on every day.
      const later = await subject.store.bookings('aviation', ['galley-cart', 'jump-seat'], '2027-03-01', '2027-03-05');
      expect(
        later.map((booking) => [booking.quoteId, booking.kind, booking.quantity, booking.firstDay]).sort(),
      ).toEqual([
        ['lost:order-1:jump-seat', 'lost', 1, '2026-12-07'],
        ['repair:CART-0002', 'repair', 1, '2026-12-09'],
      ]);
      expect(
        freeOver(
          2,
          later.filter((booking) => booking.objectID === 'galley-cart'),
          '2027-03-01',
          '2027-03-05',
          1,
          '2026-12-07',
        ),
      ).toBe(1);
    });

    it("says when the tenant's bookings changed (what pages with dates are kept by): after an order, a scan and a unit's move, not after a read", async () => {
      await subject.store.addUnits('aviation', [unit('CART-0001')]);
      await subject.store.bookings('aviation', ['galley-cart'], '2026-12-01', '2026-12-31');
      const versions = [subject.store.bookingsVersion('aviation')];
      await confirmedOrder('order-1');
      versions.push(subject.store.bookingsVersion('aviation'));
      await scan('order-1', { code: 'CART-0001' });
      versions.push(subject.store.bookingsVersion('aviation'));
      await scan('order-1', { code: 'CART-0001', direction: 'in', condition: 'damaged' }, '2026-12-07');
      versions.push(subject.store.bookingsVersion('aviation'));
      await subject.store.bookings('aviation', ['galley-cart'], '2026-12-01', '2026-12-31');
      versions.push(subject.store.bookingsVersion('aviation'));
      expect(versions.slice(0, 4).every((version) => version !== undefined)).toBe(true);
      expect(new Set(versions.slice(0, 4)).size).toBe(4);
      expect(versions[4]).toBe(versions[3]);
    });

    it('prices a late, damaged or lost return in the same write as the scan that found it', async () => {
      await subject.store.addUnits('aviation', [unit('CART-0001'), unit('CART-0002')]);
      await confirmedOrder('order-1');
      await scan('order-1', { code: 'CART-0001' });
      await scan('order-1', { code: 'jump-seat' });
      // Back on the 10th (09:00 UTC, 05:00 after the 4 hours' grace): three days after the 7th.
      const damaged = await scan(
        'order-1',
        {
          code: 'CART-0001',
          direction: 'in',
          condition: 'damaged',
          note: 'Door hinge cracked',
          photos: ['/items/aviation/hinge.jpg'],
        },
        '2026-12-10',
      );
      expect(damaged.record).toMatchObject({
        photos: ['/items/aviation/hinge.jpg'],
        message: 'Back damaged (to repair): CART-0001 (Atlas Galley Cart). 1 of 1 back. 3 days late.',
      });
      await scan('order-1', { code: 'jump-seat', direction: 'in', condition: 'lost' }, '2026-12-10');
      const stored = await subject.store.get('aviation', 'order-1');
      // The cart: 7 days at the 255 week rate; 10 days add 3 at 0.5 + 0.5 + 1 day rates × 0.75 = 127.50. The seat: 4 day rates, then 2 × 0.75 more = 60.
      expect(
        stored?.hire?.charges?.map((charge) => [charge.id, charge.quantity, charge.unitPrice, charge.subtotal]),
      ).toEqual([
        ['late:galley-cart:3', 1, 127.5, 127.5],
        [`damage:${damaged.record.id}`, 1, 375, 375],
        ['late:jump-seat:3', 1, 60, 60],
        [expect.stringMatching(/^loss:scan-/), 1, 200, 200],
      ]);
      expect(stored?.hire?.charges?.[1]).toMatchObject({
        note: 'Door hinge cracked',
        photos: ['/items/aviation/hinge.jpg'],
        tag: 'CART-0001',
      });
      // A repeated scan adds nothing.
      const again = await subject.store.hireStep('aviation', {
        id: damaged.record.id,
        orderId: 'order-1',
        tag: 'CART-0001',
        apply: () => ({ record: damaged.record }),
      });
      expect(again.repeat).toBe(true);
      expect((await subject.store.get('aviation', 'order-1'))?.hire?.charges).toHaveLength(4);
    });

    it('folds units still out past the last day into every later range, until they are back', async () => {
      await subject.store.addUnits('aviation', [unit('CART-0001'), unit('CART-0002')]);
      await confirmedOrder('late-order', '2026-12-01', '2026-12-03');
      await scan('late-order', { code: 'CART-0001' });
      const future = await subject.store.bookings('aviation', ['galley-cart'], '2027-01-10', '2027-01-12');
      expect(future.map((booking) => [booking.quoteId, booking.out])).toEqual([['late-order', 1]]);
      expect(freeOver(2, future, '2027-01-10', '2027-01-12', 1, '2026-12-10')).toBe(1);
      expect(
        (await subject.store.bookingsBetween('aviation', '2027-01-10', '2027-01-12')).map((booking) => booking.quoteId),
      ).toEqual(['late-order']);
      await scan('late-order', { code: 'CART-0001', direction: 'in' }, '2026-12-10');
      expect(await subject.store.bookings('aviation', ['galley-cart'], '2027-01-10', '2027-01-12')).toEqual([]);
    });

    it('keeps units out before their hire from the day they leave until it starts, and a hire closed early gives its last days back', async () => {
      await subject.store.addUnits('aviation', [unit('CART-0001'), unit('CART-0002')]);
      await confirmedOrder('early-order', '2026-12-20', '2026-12-24');
      // One of two carts out on the 1st, 19 days before the hire (its booking, with a day's turnaround, starts on the 19th).
      expect((await scan('early-order', { code: 'CART-0001' }, '2026-12-01')).record.outcome).toBe('ok');
      const between = await subject.store.bookings('aviation', ['galley-cart'], '2026-12-05', '2026-12-06');
      expect(between).toEqual([
        {
          quoteId: 'outEarly:early-order:galley-cart',
          objectID: 'galley-cart',
          quantity: 1,
          firstDay: '2026-12-01',
          lastDay: '2026-12-18',
          kind: 'outEarly',
        },
      ]);
      expect(freeOver(2, between, '2026-12-05', '2026-12-06', 1, '2026-12-01')).toBe(1);
      expect(
        (await subject.store.bookingsBetween('aviation', '2026-12-05', '2026-12-06')).map((booking) => booking.quoteId),
      ).toEqual(['outEarly:early-order:galley-cart']);
      // Another order of both carts on those days is not placed.
      await subject.store.add(
        sampleQuoteRequest('both-carts', {
          startDate: '2026-12-05',
          endDate: '2026-12-06',
          lines: [{ objectID: 'galley-cart', name: 'Atlas Galley Cart', quantity: 2, dayRate: 85 }],
        }),
      );
      const place = (id: string) =>
        subject.store.change('aviation', id, {
          revision: 0,
          apply: (current) => ({ ...current, state: 'confirmed', hold: 'order' }),
          bookings: { place: 'order', placement: { stock, turnaroundDays: 1, today: '2026-12-01' } },
        });
      await expect(place('both-carts')).rejects.toBeInstanceOf(OverbookedError);
      // Back on the 3rd: the row goes, and both are free again.
      expect((await scan('early-order', { code: 'CART-0001', direction: 'in' }, '2026-12-03')).record.outcome).toBe(
        'ok',
      );
      expect(await subject.store.bookings('aviation', ['galley-cart'], '2026-12-05', '2026-12-06')).toEqual([]);
      await place('both-carts');
      // Closed on the 21st of a hire to the 24th: its bookings end on the 21st (no check: giving back never conflicts).
      const stored = (await subject.store.get('aviation', 'early-order'))!;
      await subject.store.change('aviation', 'early-order', {
        revision: stored.revision ?? 0,
        apply: (current) => ({ ...current, state: 'closed' }),
        bookings: {
          place: 'order',
          placement: { stock, turnaroundDays: 1, today: '2026-12-21' },
          endsOn: '2026-12-21',
        },
      });
      const after = await subject.store.bookings('aviation', ['galley-cart', 'jump-seat'], '2026-12-19', '2026-12-30');
      expect(after.map((booking) => [booking.objectID, booking.firstDay, booking.lastDay])).toEqual([
        ['galley-cart', '2026-12-20', '2026-12-21'],
        ['jump-seat', '2026-12-20', '2026-12-21'],
      ]);
      expect(freeOver(2, after, '2026-12-23', '2026-12-24', 1, '2026-12-21')).toBe(2);
    });

    it('keeps stock hired in from another house over its days only: an order may take it, and once it goes that order is short', async () => {
      await subject.store.add(sampleQuoteRequest('host-order', { startDate: '2026-12-10', endDate: '2026-12-12' }));
      const hireIn = (quantity: number) =>
        subject.store.hireStep('aviation', {
          id: `sub-hire-sh-1-r${quantity}`,
          orderId: 'host-order',
          apply: () => ({
            record: {
              id: `sub-hire-sh-1-r${quantity}`,
              orderId: 'host-order',
              at: '2026-11-26T09:00:00.000Z',
              by: 'backlot',
              direction: 'in',
              code: 'sub-hire',
              outcome: 'ok',
              message: `${quantity} hired in`,
            },
            stock: [
              {
                key: 'subHire:atlanta:sh-1',
                objectID: 'galley-cart',
                kind: 'subHire',
                quantity,
                firstDay: '2026-12-10',
                lastDay: '2026-12-12',
              },
            ],
          }),
        });
      await hireIn(2);
      const during = await subject.store.bookings('aviation', ['galley-cart'], '2026-12-11', '2026-12-11');
      expect(during).toEqual([
        {
          quoteId: 'subHire:atlanta:sh-1',
          objectID: 'galley-cart',
          quantity: 2,
          firstDay: '2026-12-10',
          lastDay: '2026-12-12',
          kind: 'subHire',
        },
      ]);
      expect(await subject.store.bookings('aviation', ['galley-cart'], '2026-12-14', '2026-12-20')).toEqual([]);
      // Two carts of its own and two hired in: an order of four is placed on those days, a fifth is not.
      const fourCarts = (id: string, quantity: number) =>
        subject.store.change('aviation', id, {
          revision: 0,
          apply: (current) => ({
            ...current,
            state: 'confirmed',
            hold: 'order',
            lines: [{ ...current.lines[0]!, quantity }],
          }),
          bookings: { place: 'order', placement: { stock, turnaroundDays: 1, today: '2026-11-25' } },
        });
      await subject.store.add(sampleQuoteRequest('four-carts', { startDate: '2026-12-10', endDate: '2026-12-12' }));
      await subject.store.add(sampleQuoteRequest('one-more', { startDate: '2026-12-11', endDate: '2026-12-11' }));
      await fourCarts('four-carts', 4);
      await expect(fourCarts('one-more', 1)).rejects.toBeInstanceOf(OverbookedError);
      // The other house takes them back: the row goes, and the order of four is short from its first day.
      await hireIn(0);
      const left = await subject.store.bookings('aviation', ['galley-cart'], '2026-12-09', '2026-12-13');
      expect(left.map((booking) => booking.quoteId)).toEqual(['four-carts']);
      expect(collisions(2, left, 1, '2026-11-26')).toEqual([
        { quoteId: 'four-carts', day: '2026-12-10', free: 2, quantity: 4 },
      ]);
    });

    it('gives one unit to only one of two orders scanning it at once', async () => {
      await subject.store.addUnits('aviation', [unit('CART-0001')]);
      await confirmedOrder('order-a');
      await confirmedOrder('order-b', '2026-12-20', '2026-12-22');
      const [a, b] = await Promise.all([
        scan('order-a', { code: 'CART-0001' }),
        scan('order-b', { code: 'CART-0001' }),
      ]);
      expect([a.record.outcome, b.record.outcome].sort()).toEqual(['ok', 'wrongOrder']);
      const winner = a.record.outcome === 'ok' ? 'order-a' : 'order-b';
      expect(await subject.store.getUnit('aviation', 'CART-0001')).toMatchObject({ status: 'out', orderId: winner });
    });

    it('moves units with a transfer in its one transaction: both, or (the move refused) neither', async () => {
      await subject.store.addUnits('aviation', [unit('CART-0001'), unit('CART-0002')]);
      const halves = (id: string) =>
        transferRows({
          id,
          objectID: 'galley-cart',
          quantity: 1,
          from: 'sun-valley',
          to: 'atlanta',
          outOn: '2027-03-01',
          inOn: '2027-03-02',
          by: 'kim',
        });
      await subject.store.moveStock('aviation', {
        rows: halves('t-unit'),
        check: () => undefined,
        units: { tags: ['CART-0001'], apply: (current) => current.map((each) => ({ ...each!, store: 'atlanta' })) },
      });
      expect(await subject.store.getUnit('aviation', 'CART-0001')).toMatchObject({ store: 'atlanta' });
      // Refused by the units' check: no row, no unit changed.
      await expect(
        subject.store.moveStock('aviation', {
          rows: halves('t-refused'),
          check: () => undefined,
          units: {
            tags: ['CART-0002', 'CART-9999'],
            apply: (current) => {
              if (!current[1]) throw new Error('no unit CART-9999');
              return [];
            },
          },
        }),
      ).rejects.toThrow('no unit CART-9999');
      expect(await subject.store.getUnit('aviation', 'CART-0002')).not.toHaveProperty('store');
      const rows = await subject.store.bookings('aviation', ['galley-cart'], '2027-03-01', '2027-03-09');
      expect(rows.map((row) => row.quoteId).sort()).toEqual(['transfer:t-unit:in', 'transfer:t-unit:out']);
    });
  });
}
