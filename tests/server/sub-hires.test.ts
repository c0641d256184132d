/**
 * Houses hiring from each other, over the real app (file tenants, SQLite items and bookings, the
 * embedded index): a house short of a line is offered the same or similar items free on its dates
 * at the other listed houses that take its sub-hires, nearest first, at their trade price; a house
 * that takes none, or not from this one, is never offered; what a house has booked out is not
 * offered; bad asks are refused by field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import type { SubHireOffer } from '../../schema/marketplace/sub-hires';
import { confirmedOrder } from '../helpers/confirmed-order';
import { buildTestApp, editTenant, withShippedHouses, type TestApp } from '../helpers/server';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ beforeStart: withShippedHouses });
});
afterAll(() => t.close());

const RED_UNIFORM = '1960s-jet-age-flight-attendant-uniform-red';
/** Dates aviation's storefront would take: twenty days after its earliest start, three days. */
const from = addDays(earliestStart('America/Los_Angeles', 2, new Date()), 20);
const to = addDays(from, 2);

async function lends(tenantId: string, subHires: object | undefined) {
  const saved = await editTenant(t, tenantId, (tenant) => {
    if (subHires) tenant.vendor.subHires = subHires;
    else delete tenant.vendor.subHires;
  });
  expect(saved.statusCode, saved.body).toBe(200);
  // The platform's catalogue hears a house's change within its second's check; this asks it now.
  await t.app.marketplace.refresh(false, [tenantId]);
}

const offers = async (asking: 'aviation' | 'atlanta', objectID: string, quantity: number, dates = { from, to }) => {
  const who = asking === 'aviation' ? 'aviationAdmin' : 'platform';
  const answer = await t.as(who, { url: `/api/tenants/${asking}/sub-hire-offers?objectID=${objectID}&quantity=${quantity}&from=${dates.from}&to=${dates.to}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { offers: SubHireOffer[]; lenders: number };
};

describe('a house short of a line', () => {
  it('is offered nothing while no house takes sub-hires, and says so', async () => {
    // The shipped houses lend to each other (Atlanta to every house, Jetway to Atlanta): from none here.
    await lends('atlanta', undefined);
    await lends('aviation', undefined);
    expect(await offers('aviation', RED_UNIFORM, 2)).toEqual({ offers: [], lenders: 0 });
  });

  it('is offered the same item at the nearest house first, then similar ones farther off, at each house’s trade price', async () => {
    await lends('atlanta', { takes: 'everyListedHouse', tradeDiscountPercent: 20 });
    await lends('london', { takes: 'namedHouses', houses: ['aviation'], tradeDiscountPercent: 12.5 });
    const { offers: found, lenders } = await offers('aviation', RED_UNIFORM, 2);
    expect(lenders).toBe(2);
    const first = found[0]!;
    expect(first).toMatchObject({
      objectID: RED_UNIFORM,
      name: '1960s Jet Age Flight Attendant Uniform, Red',
      free: 4,
      enough: true,
      rates: { day: 35 },
      tradeRates: { day: 28 },
      discountPercent: 20,
    });
    expect(first.house).toMatchObject({ id: 'atlanta', currency: 'USD', city: expect.any(String) });
    // Sun Valley to Atlanta: about 3,100 km.
    expect(first.house.km).toBeGreaterThan(3000);
    expect(first.house.km).toBeLessThan(3200);
    // Nearest house first: every Atlanta offer before any London one, London's in pounds less its 12.5%.
    const houses = found.map((offer) => offer.house.id);
    expect(houses.lastIndexOf('atlanta')).toBeLessThan(houses.indexOf('london'));
    const navy = found.find((offer) => offer.house.id === 'london' && offer.name === '1960s Jet Age Flight Attendant Uniform, Navy');
    expect(navy, JSON.stringify(found.map((offer) => offer.name))).toBeDefined();
    expect(navy!.house.currency).toBe('GBP');
    expect(navy!.tradeRates.day).toBe(Math.round(navy!.rates.day * 87.5) / 100);
    // Never its own stock.
    expect(houses).not.toContain('aviation');
  });

  it('is not offered by a house that takes sub-hires only from others, nor by one that stopped', async () => {
    await lends('london', { takes: 'namedHouses', houses: ['atlanta'], tradeDiscountPercent: 10 });
    expect((await offers('aviation', RED_UNIFORM, 2)).offers.map((offer) => offer.house.id)).not.toContain('london');
    await lends('atlanta', undefined);
    expect(await offers('aviation', RED_UNIFORM, 2)).toEqual({ offers: [], lenders: 0 });
  });

  it('is not offered what the other house has booked out on the dates', async () => {
    await lends('aviation', { takes: 'namedHouses', houses: ['atlanta'], tradeDiscountPercent: 15 });
    await lends('london', { takes: 'no' });
    const order = await confirmedOrder(t, 'crew@night-flight.example', [{ objectID: RED_UNIFORM, quantity: 7 }], 20, 'Night Flight');
    const during = { from: order.startDate, to: order.endDate };
    const before = await offers('atlanta', RED_UNIFORM, 2, { from: addDays(order.endDate, 10), to: addDays(order.endDate, 12) });
    expect(before.offers[0]).toMatchObject({ objectID: RED_UNIFORM, free: 7, tradeRates: { day: 38.25 }, house: { id: 'aviation' } });
    const booked = await offers('atlanta', RED_UNIFORM, 2, during);
    expect(booked.lenders).toBe(1);
    expect(booked.offers.map((offer) => offer.objectID)).not.toContain(RED_UNIFORM);
  });

  it('is refused an ask that names no item of its own, backwards dates, or another house’s stock list', async () => {
    const ask = (who: 'aviationAdmin' | 'acmeAdmin', query: string) => t.as(who, { url: `/api/tenants/aviation/sub-hire-offers?${query}` });
    expect((await ask('aviationAdmin', `objectID=no-such-item&quantity=1&from=${from}&to=${to}`)).statusCode).toBe(404);
    const backwards = await ask('aviationAdmin', `objectID=${RED_UNIFORM}&quantity=1&from=${to}&to=${from}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual({ to: 'must be on or after the first day, at most 92 days on' });
    expect((await ask('aviationAdmin', `objectID=${RED_UNIFORM}&quantity=0&from=${from}&to=${to}`)).statusCode).toBe(400);
    // Another house's staff learn nothing of this one, not even that it exists.
    expect((await ask('acmeAdmin', `objectID=${RED_UNIFORM}&quantity=1&from=${from}&to=${to}`)).statusCode).toBe(404);
  });

  it('keeps a house’s rule by the schema: a discount past 90% is refused on its field', async () => {
    const refused = await editTenant(t, 'atlanta', (tenant) => void (tenant.vendor.subHires = { takes: 'everyListedHouse', tradeDiscountPercent: 95 }));
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('subHires');
  });
});
