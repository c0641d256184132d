/** A visitor's first profile has every field of the user-profile schema with its defaults, validates against it, and follows §5's rules; a later login touches only what it should. */
import { describe, expect, it } from 'vitest';
import { schemaDocuments } from '../../../schema/documents';
import { getAjv } from '../../../schema/node/ajv';
import { defaultDisplayName, MISSING_EMAIL, newProfile, touchedOnLogin } from '../../../server/identity/profile';

const now = new Date('2026-11-23T10:00:00Z');
const validate = getAjv().getSchema(schemaDocuments.userProfile.$id)!;

describe('newProfile', () => {
  it('fills every field with its default and validates against the user-profile schema', () => {
    const profile = newProfile({
      email: 'dana.o-neil+props@studio.example',
      vendorId: 'aviation',
      vendorName: 'Jetway Props',
      botCheckToken: 'local-token',
      ipAddress: '203.0.113.7',
      now,
    });
    expect(validate(profile), JSON.stringify(validate.errors)).toBe(true);
    expect(profile).toMatchObject({
      email: 'dana.o-neil+props@studio.example',
      displayName: 'danaoneilprops',
      orderByName: 'danaoneilprops',
      isAuthorized: null,
      vendorId: 'aviation',
      vendors: { 'Jetway Props': 'aviation' },
      reCaptchaToken: 'local-token',
      ipAddresses: ['203.0.113.7'],
      createdAt: now.toISOString(),
      lastLoginAt: now.toISOString(),
    });
    expect(Object.values(profile.stats!).every((count) => count === 0)).toBe(true);
    expect(Object.keys(profile.stats!)).toHaveLength(15);
    expect(Object.keys(profile.subscriptions!).sort()).toEqual(['newsletters', 'product', 'reminders', 'research']);
  });

  it('refuses a profile without an email, with the spec message', () => {
    expect(() => newProfile({ vendorId: 'aviation', vendorName: 'Jetway Props', now })).toThrow(MISSING_EMAIL);
    expect(() => newProfile({ email: '  ', vendorId: 'aviation', vendorName: 'Jetway Props', now })).toThrow(
      'Missing email address',
    );
  });

  it('derives the display name as §5 says', () => {
    expect(defaultDisplayName('J.R.R.Tolkien@middle.earth')).toBe('JRRTolkien');
    expect(defaultDisplayName('no-at-sign')).toBe('noatsign');
  });
});

describe('touchedOnLogin', () => {
  it('moves lastLoginAt and remembers a new address once', () => {
    const first = newProfile({
      email: 'a@b.example',
      vendorId: 'aviation',
      vendorName: 'Jetway Props',
      ipAddress: '203.0.113.7',
      now,
    });
    const later = new Date('2026-11-24T08:00:00Z');
    const again = touchedOnLogin(touchedOnLogin(first, { now: later, ipAddress: '198.51.100.2' }), {
      now: later,
      ipAddress: '198.51.100.2',
    });
    expect(again.lastLoginAt).toBe(later.toISOString());
    expect(again.createdAt).toBe(now.toISOString());
    expect(again.ipAddresses).toEqual(['203.0.113.7', '198.51.100.2']);
    expect(validate(again)).toBe(true);
  });
});
