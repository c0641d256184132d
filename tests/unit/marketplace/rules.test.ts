/**
 * The marketplace's pure rules (schema/marketplace): where a visitor is (the location cookie read
 * strictly), how far (haversine, 6371 km), which radius a URL may ask for, which houses are listed
 * and in what order, listing ids, and where a house's item goes in the platform's categories.
 */
import { describe, expect, it } from 'vitest';
import { readPriceBin, priceBinValue } from '../../../schema/catalogue-search';
import {
  haversineKm,
  MAX_RADIUS_KM,
  parseLatLng,
  parseRadiusKm,
  readLocationCookie,
  readPlaceCookie,
} from '../../../schema/marketplace/distance';
import { houseOf, housePlace, isListedHouse, nearestFirst, placesMatching } from '../../../schema/marketplace/houses';
import { listingIdOf, listingOf, parseListingId, platformCategoryOf } from '../../../schema/marketplace/listings';
import type { Item, Tenant } from '../../../schema/types.generated';
import { sampleItem } from '../../contract/item-store.contract';

const HOLLYWOOD = { lat: 34.0928, lng: -118.3287 };

describe('distance and place', () => {
  it('measures haversine on a 6371 km sphere', () => {
    expect(haversineKm(HOLLYWOOD, HOLLYWOOD)).toBe(0);
    // Hollywood to Soho: about 8,755 km; a quarter of the equator is 10,007.5 km.
    expect(haversineKm(HOLLYWOOD, { lat: 51.5136, lng: -0.1365 })).toBeCloseTo(8755.3, 0);
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 90 })).toBeCloseTo(10007.5, 0);
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(MAX_RADIUS_KM, 6);
  });

  it('reads "lat,lng" only as two numbers in range', () => {
    expect(parseLatLng('34.0928,-118.3287')).toEqual(HOLLYWOOD);
    expect(parseLatLng(' 51.5 , -0.13 ')).toEqual({ lat: 51.5, lng: -0.13 });
    for (const text of [
      '',
      'abc',
      '1,2,3',
      '91,0',
      '0,181',
      'NaN,1',
      '1e3,2',
      'Infinity,0',
      '0x10,0',
      '34.1;-118',
      '--1,2',
      '1,',
    ])
      expect(parseLatLng(text), text).toBeUndefined();
  });

  it('reads the location cookie among others, and a malformed escape as none', () => {
    expect(readLocationCookie('a=1; backlot_location=51.5%2C-0.13; b=2')).toEqual({ lat: 51.5, lng: -0.13 });
    expect(readLocationCookie('backlot_location=%E0%A4%A')).toBeUndefined();
    expect(readLocationCookie('other=1')).toBeUndefined();
    expect(readPlaceCookie(`backlot_place=${encodeURIComponent('<b>Atlanta</b>\u0000')}`)).toBe('bAtlanta/b');
    expect(readPlaceCookie(`backlot_place=${encodeURIComponent('x'.repeat(200))}`)).toHaveLength(60);
    expect(readPlaceCookie('backlot_place=')).toBeUndefined();
  });

  it('takes a radius of whole km from 1 to half the circumference, nothing else', () => {
    expect(parseRadiusKm('25')).toBe(25);
    expect(parseRadiusKm('20015')).toBe(20015);
    for (const text of ['0', '20016', '1e9', '-5', '2.5', 'near', '', null, undefined, '9999999'])
      expect(parseRadiusKm(text), String(text)).toBeUndefined();
  });
});

const tenant = (vendor: Partial<Tenant['vendor']>, site: Partial<Tenant['site']> = {}) =>
  ({
    vendor: { id: 'x', displayName: 'X Props', name: 'X Props', ...vendor },
    site: { currency: 'USD', ...site },
  }) as unknown as Tenant;

describe('houses', () => {
  it('lists a house unless it says not to; the platform itself never', () => {
    expect(isListedHouse('x', tenant({}), 'platform')).toBe(true);
    expect(isListedHouse('x', tenant({ isListed: true }), 'platform')).toBe(true);
    expect(isListedHouse('x', tenant({ isListed: false }), 'platform')).toBe(false);
    expect(isListedHouse('platform', tenant({ isListed: true }), 'platform')).toBe(false);
  });

  it('describes a listed house by its name, place, currency and location', () => {
    const house = houseOf(
      'soho',
      tenant(
        {
          displayName: 'Soho Prop Hire',
          address: { line1: '1', city: 'London', zip: 'W1', country: 'GB' },
          _geoloc: { lat: 51.5, lng: -0.1 },
          timezone: 'Europe/London',
        },
        { currency: 'GBP', locale: 'en-GB' },
      ),
      'platform',
    );
    expect(house).toEqual({
      id: 'soho',
      name: 'Soho Prop Hire',
      city: 'London',
      country: 'GB',
      currency: 'GBP',
      locale: 'en-GB',
      timezone: 'Europe/London',
      leadDays: 2,
      location: { lat: 51.5, lng: -0.1 },
    });
    expect(housePlace(house!)).toBe('London, GB');
    expect(housePlace({ city: 'Atlanta', region: 'GA', country: 'US' })).toBe('Atlanta, GA');
  });

  it('orders houses nearest first, a house without a location last', () => {
    const houses = [
      { id: 'nyc', name: 'NYC', location: { lat: 40.7, lng: -74 } },
      { id: 'nowhere', name: 'Nowhere' },
      { id: 'burbank', name: 'Burbank', location: { lat: 34.18, lng: -118.31 } },
    ];
    const ordered = nearestFirst(houses, HOLLYWOOD);
    expect(ordered.map((house) => house.id)).toEqual(['burbank', 'nyc', 'nowhere']);
    expect(ordered[0]!.km).toBeCloseTo(9.9, 0);
    expect(ordered[2]!.km).toBeUndefined();
    // A page keeps the nearest by rank and any it names, still nearest first.
    const kept = nearestFirst(houses, HOLLYWOOD, { first: 1, also: (house) => house.id === 'nowhere' });
    expect(kept.map((house) => [house.id, house.km === undefined])).toEqual([
      ['burbank', false],
      ['nowhere', true],
    ]);
    // Of many, the first few in order (by name at one distance), then those kept beyond them.
    const many = Array.from({ length: 40 }, (_, n) => ({
      id: `h${n}`,
      name: `House ${String(n).padStart(2, '0')}`,
      location: { lat: 34 + (n % 7) / 10, lng: -118.3 },
    }));
    const whole = nearestFirst(many, HOLLYWOOD).map((house) => house.id);
    const few = nearestFirst(many, HOLLYWOOD, { first: 5, also: (house) => ['h6', 'h39'].includes(house.id) });
    expect(few.map((house) => house.id)).toEqual([
      ...whole.slice(0, 5),
      ...whole.slice(5).filter((id) => ['h6', 'h39'].includes(id)),
    ]);
  });

  it("measures a house with several stores to its nearest store, and names that store's town", () => {
    const jetway = houseOf(
      'aviation',
      tenant({
        displayName: 'Jetway Props',
        address: { line1: '1', city: 'Sun Valley', state: 'CA', country: 'US' },
        _geoloc: { lat: 34.2189, lng: -118.3715 },
        stores: [
          { id: 'sun-valley', name: 'Sun Valley', _geoloc: { lat: 34.2189, lng: -118.3715 } },
          {
            id: 'atlanta',
            name: 'Atlanta',
            address: { line1: '2', city: 'Atlanta', state: 'GA', country: 'US' },
            _geoloc: { lat: 33.7165, lng: -84.3733 },
          },
        ],
      }),
      'platform',
    )!;
    expect(jetway.stores).toEqual([
      {
        id: 'atlanta',
        name: 'Atlanta',
        city: 'Atlanta',
        region: 'GA',
        country: 'US',
        location: { lat: 33.7165, lng: -84.3733 },
      },
    ]);
    const nyc = { ...jetway, id: 'nyc', name: 'NYC', location: { lat: 40.7, lng: -74 }, stores: [] };
    const [first, second] = nearestFirst([nyc, jetway], { lat: 33.75, lng: -84.39 });
    expect([first!.id, housePlace(first!), second!.id]).toEqual(['aviation', 'Atlanta, GA', 'nyc']);
    expect(first!.km).toBeLessThan(5);
    // Near Hollywood, the same house is at Sun Valley.
    expect(housePlace(nearestFirst([jetway], HOLLYWOOD)[0]!)).toBe('Sun Valley, CA');
    // Its stores' towns are places to measure from.
    expect(placesMatching([jetway], 'atl', 10)).toEqual([{ name: 'Atlanta, GA', lat: 33.7165, lng: -84.3733 }]);
    // Its listings are where their stock is: all at Sun Valley, split, or all at Atlanta.
    const platform = { groups: [] };
    const seat = { objectID: 'seat', quantity: 4, category: { group: 'seats', category: 'lounge' } } as Item;
    const placesOfSeat = (storeStock?: Item['storeStock']) =>
      listingOf({ ...seat, ...(storeStock && { storeStock }) }, jetway, platform, undefined)._geoloc;
    const sunValley = { lat: 34.2189, lng: -118.3715 };
    const atlanta = { lat: 33.7165, lng: -84.3733 };
    expect(placesOfSeat()).toEqual(sunValley);
    expect(placesOfSeat([{ store: 'atlanta', quantity: 2 }])).toEqual([sunValley, atlanta]);
    expect(placesOfSeat([{ store: 'atlanta', quantity: 4 }])).toEqual(atlanta);
  });

  it('finds towns by the first letters of their words, without accents, each once, by name', () => {
    const at = { lat: 1, lng: 2 };
    const houses = [
      { city: 'São Paulo', country: 'BR', location: at },
      { city: 'San Jose', region: 'CA', location: at },
      { city: 'San Jose', region: 'CA', location: { lat: 9, lng: 9 } },
      { city: 'Santa Fe', region: 'NM' }, // no location: nowhere to measure from
      { city: 'Jose Town', location: at },
    ];
    const names = (text: string, limit = 10) => placesMatching(houses, text, limit).map((place) => place.name);
    expect(names('sao')).toEqual(['São Paulo, BR']);
    expect(names('san j')).toEqual(['San Jose, CA']);
    expect(placesMatching(houses, 'san j', 10)[0]).toEqual({ name: 'San Jose, CA', lat: 1, lng: 2 });
    expect(names('jose')).toEqual(['Jose Town', 'San Jose, CA']);
    expect(names('santa')).toEqual([]);
    expect(names('')).toEqual(['Jose Town', 'San Jose, CA', 'São Paulo, BR']);
    expect(names('', 2)).toHaveLength(2);
  });
});

describe('listings', () => {
  it('names its house in its id, and reads it back only from a well-formed one', () => {
    expect(listingIdOf('london', 'tea-chest')).toBe('london~tea-chest');
    expect(parseListingId('london~tea-chest')).toEqual({ houseId: 'london', objectID: 'tea-chest' });
    for (const id of ['tea-chest', '~tea', 'london~', 'a~b~c', '']) expect(parseListingId(id), id).toBeUndefined();
  });

  const platform = {
    groups: [
      {
        slug: 'furniture',
        name: 'Furniture',
        categories: [{ slug: 'seating', name: 'Seating', subcategories: [{ slug: 'chairs', name: 'Chairs' }] }],
      },
      { slug: 'studio-gear', name: 'Studio Gear', categories: [{ slug: 'grip', name: 'Grip' }] },
    ],
    customFields: [{ slug: 'eras', name: 'Eras', options: [{ slug: '1970s', name: '1970s' }] }],
  } as never;

  it("places an item by its own path when the platform has it, else by the house's map (category before group)", () => {
    expect(platformCategoryOf({ group: 'studio-gear', category: 'grip' }, platform, undefined)).toEqual({
      group: 'studio-gear',
      category: 'grip',
    });
    const map = {
      seats: 'furniture/seating',
      'seats/economy': 'furniture/seating/chairs',
      'set-dressing': 'nowhere/at-all',
    };
    expect(platformCategoryOf({ group: 'seats', category: 'economy' }, platform, map)).toEqual({
      group: 'furniture',
      category: 'seating',
      subcategory: 'chairs',
    });
    expect(platformCategoryOf({ group: 'seats', category: 'first-class' }, platform, map)).toEqual({
      group: 'furniture',
      category: 'seating',
    });
    // A map to a path the platform lacks is ignored: the item keeps its own path (found by search only).
    expect(platformCategoryOf({ group: 'set-dressing', category: 'signage' }, platform, map)).toEqual({
      group: 'set-dressing',
      category: 'signage',
    });
  });

  it("keeps the custom field values the platform can name, and carries the house's location", () => {
    const house = {
      id: 'soho',
      name: 'Soho',
      currency: 'GBP',
      locale: 'en-GB',
      timezone: 'Europe/London',
      location: { lat: 51.5, lng: -0.1 },
    };
    const item = sampleItem('tea-chest', {
      vendorId: 'soho',
      customFields: { eras: ['1970s', '1890s'], rooms: ['galley'] },
      _geoloc: { lat: 1, lng: 1 },
    });
    const listing = listingOf(item, house, platform, undefined);
    expect(listing).toMatchObject({
      objectID: 'soho~tea-chest',
      houseObjectID: 'tea-chest',
      vendorId: 'soho',
      customFields: { eras: ['1970s'] },
      _geoloc: house.location,
      house,
    });
    expect(
      listingOf(sampleItem('plain', { customFields: { rooms: ['galley'] } }), house, platform, undefined).customFields,
    ).toBeUndefined();
  });

  it('names the currency in a price bin on the platform, and reads both kinds back', () => {
    expect(priceBinValue(120)).toBe('100-250');
    expect(priceBinValue(120, 'GBP')).toBe('GBP:100-250');
    expect(readPriceBin('GBP:100-250')).toMatchObject({ currency: 'GBP', bin: { slug: '100-250' } });
    expect(readPriceBin('100-250')).toMatchObject({ bin: { slug: '100-250' } });
    expect(readPriceBin('100-250').currency).toBeUndefined();
    expect(readPriceBin('GBP:cheap').bin).toBeUndefined();
  });
});
