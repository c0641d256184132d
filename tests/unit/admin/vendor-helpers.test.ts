/** Pure helpers of the console: the map-free position check against the time zone, and slugs made from names. */
import { describe, expect, it } from 'vitest';
import { slugify } from '../../../schema/slugify';
import { checkGeoPoint, offsetHours } from '../../../admin/vendor/geo-check';

const winter = new Date('2026-01-15T12:00:00Z');

describe('checkGeoPoint', () => {
  it('says the point in words and finds Sun Valley, CA at home in America/Los_Angeles', () => {
    expect(checkGeoPoint(34.2189, -118.3715, 'America/Los_Angeles', winter)).toEqual({
      words: '34.2189° N, 118.3715° W',
    });
    expect(checkGeoPoint(51.5, -0.12, 'Europe/London', winter).warning).toBeUndefined();
    // Across the date line: Auckland is UTC+13 in January at 174.8° E.
    expect(checkGeoPoint(-36.85, 174.76, 'Pacific/Auckland', winter).warning).toBeUndefined();
  });

  it('warns when a minus sign is lost or latitude and longitude are swapped', () => {
    expect(checkGeoPoint(34.2189, 118.3715, 'America/Los_Angeles', winter).warning).toMatch(
      /about 8 hours of longitude from the time zone America\/Los_Angeles/,
    );
    expect(checkGeoPoint(-118.3715 / 2, 34.2189, 'America/Los_Angeles', winter).warning).toMatch(/swapped/);
  });

  it('reads offsets with daylight saving and says nothing for an unknown zone', () => {
    expect(offsetHours('America/Los_Angeles', winter)).toBe(-8);
    expect(offsetHours('America/Los_Angeles', new Date('2026-07-01T12:00:00Z'))).toBe(-7);
    expect(offsetHours('Asia/Kolkata', winter)).toBe(5.5);
    expect(offsetHours('UTC', winter)).toBe(0);
    expect(checkGeoPoint(0, 0, 'Not/AZone', winter)).toEqual({ words: '0.0000° N, 0.0000° E' });
  });
});

describe('slugify', () => {
  it('makes the schema slug form from names', () => {
    expect(slugify('Mid-Century Modern')).toBe('mid-century-modern');
    expect(slugify('Forms & FAQs')).toBe('forms-and-faqs');
    expect(slugify('  Café  Crème  ')).toBe('cafe-creme');
    expect(slugify('1970s Wide-Body Era!!')).toBe('1970s-wide-body-era');
    expect(slugify('a'.repeat(70) + ' b', 64)).toHaveLength(64);
    expect(slugify('---')).toBe('');
  });
});
