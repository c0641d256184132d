/** The card hold's arithmetic (schema/rental/card-hold.ts): deposits, the hold's parts, what closing and cancelling capture, renewal, minor units, the retry backoff; and the payment settings the server reads from its environment. */
import { describe, expect, it } from 'vitest';
import {
  cancellationCapture,
  cardHoldRuleOf,
  closingCapture,
  depositFor,
  holdCovers,
  holdParts,
  renewalDue,
  retryDelayMs,
  toMinor,
  fromMinor,
} from '../../../schema/rental/card-hold';
import { replacementValueOf } from '../../../schema/rental/insurance';
import { withDefaults } from '../../../schema/defaults';
import type { QuoteRequest, SiteSettings } from '../../../schema/types.generated';
import { configFromEnv } from '../../../server/config';

const site = (extra: Partial<SiteSettings> = {}) =>
  withDefaults('site', { tenantId: 't', domain: 'example.com', appTitle: 'T', ...extra } as SiteSettings);
const order = (total: number, charges: number[] = []) =>
  ({
    versions: [
      {
        version: 1,
        sentAt: '',
        expiresOn: '',
        pricing: { adjustments: {}, services: [] },
        breakdown: { days: 1, lines: [], rentalSubtotal: total, servicesSubtotal: 0, total, missingGlCodes: [] },
      },
    ],
    hire: { lines: [], charges: charges.map((subtotal, index) => ({ id: `c${index}`, kind: 'damage', subtotal })) },
  }) as unknown as Pick<QuoteRequest, 'versions' | 'hire'>;

describe('card holds', () => {
  it('takes the schema defaults: a third of replacement value held as a deposit, no cancellation fee, renewed a day before it lapses, the spec’s backoff', () => {
    expect(cardHoldRuleOf(site())).toEqual({
      processingPercent: 5,
      deposit: { basis: 'replacementShare', percent: 33, flat: 500 },
      cancellationFeePercent: 0,
      renewHours: 24,
      timing: 'atAcceptance',
      backoff: { baseMs: 1000, factor: 2, jitter: true, capMs: 14_400_000 },
    });
    expect(cardHoldRuleOf(site({ ccAuthEnabled: false })).processingPercent).toBeUndefined();
  });

  it('works the deposit out per unit on replacement value, flat, or not at all; items without a value count nothing', () => {
    const items = new Map([
      ['seat', { replacementValue: 650 }],
      ['sign', {}],
      ['cart', { replacementValue: 1000.1 }],
    ]);
    const worth = replacementValueOf(
      [
        { objectID: 'seat', quantity: 2 },
        { objectID: 'sign', quantity: 3 },
        { objectID: 'cart', quantity: 1 },
      ],
      items,
    );
    expect(depositFor(worth, { basis: 'replacementShare', percent: 33, flat: 0 })).toBe(759.03);
    expect(depositFor(worth, { basis: 'flat', percent: 33, flat: 250 })).toBe(250);
    expect(depositFor(worth, { basis: 'none', percent: 33, flat: 250 })).toBe(0);
  });

  it('holds the quote, its tax, its processing and the deposit', () => {
    expect(holdParts({ net: 1000, tax: 0, processing: 50 }, 330.5)).toEqual({
      parts: { total: 1000, processing: 50, deposit: 330.5 },
      amount: 1380.5,
    });
    expect(holdParts({ net: 1000, tax: 200, processing: 60 }, 0)).toEqual({
      parts: { total: 1000, tax: 200, processing: 60, deposit: 0 },
      amount: 1260,
    });
  });

  it('captures at close the final invoice’s total, never more than is held: the rest is outstanding', () => {
    expect(closingCapture(1260, { amount: 1380.5 })).toEqual({ capture: 1260, outstanding: 0 });
    expect(closingCapture(1995, { amount: 1380.5 })).toEqual({ capture: 1380.5, outstanding: 614.5 });
  });

  it('captures the cancellation fee of an order only, up to the hold', () => {
    expect(cancellationCapture(order(1000), { amount: 1050 }, true, 20)).toBe(200);
    expect(cancellationCapture(order(1000), { amount: 1050 }, false, 20)).toBe(0);
    expect(cancellationCapture(order(1000), { amount: 150 }, true, 20)).toBe(150);
    expect(cancellationCapture(order(1000), { amount: 1050 }, true, 0)).toBe(0);
  });

  it('renews an authorised hold within the notice before it lapses, and says whether a hold covers an amount', () => {
    const now = new Date('2026-12-01T12:00:00Z');
    const authorised = { status: 'authorised' as const, expiresAt: '2026-12-02T11:00:00Z' };
    expect(renewalDue(authorised, now, 24)).toBe(true);
    expect(renewalDue(authorised, now, 12)).toBe(false);
    expect(renewalDue({ ...authorised, pending: { action: 'capture', since: '', attempts: 0 } }, now, 24)).toBe(false);
    expect(renewalDue({ ...authorised, status: 'captured' }, now, 24)).toBe(false);
    expect(holdCovers({ ...authorised, amount: 100 }, 100, now)).toBe(true);
    expect(holdCovers({ ...authorised, amount: 99.99 }, 100, now)).toBe(false);
    expect(holdCovers({ ...authorised, amount: 100 }, 100, new Date('2026-12-03T00:00:00Z'))).toBe(false);
    expect(holdCovers(undefined, 0, now)).toBe(false);
  });

  it('counts in each currency’s minor unit', () => {
    expect(toMinor(1380.5, 'USD')).toBe(138_050);
    expect(toMinor(0.1 + 0.2, 'GBP')).toBe(30);
    expect(toMinor(1500, 'JPY')).toBe(1500);
    expect(fromMinor(138_050, 'USD')).toBe(1380.5);
  });

  it('waits base × factor^(n−1), jittered up to double, never past the cap', () => {
    const backoff = { baseMs: 1000, factor: 2, jitter: true, capMs: 14_400_000 };
    expect(retryDelayMs(1, backoff, () => 0)).toBe(1000);
    expect(retryDelayMs(3, backoff, () => 0.5)).toBe(6000);
    expect(retryDelayMs(30, backoff, () => 0.99)).toBe(14_400_000);
    expect(retryDelayMs(2, { ...backoff, jitter: false }, () => 0.9)).toBe(2000);
  });
});

describe('payment settings from the environment', () => {
  it('takes the test provider by default, and Stripe only with its three keys of one kind', () => {
    expect(configFromEnv({}).payments).toEqual({ provider: 'test' });
    const keys = {
      BACKLOT_PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    };
    expect(configFromEnv(keys).payments).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_1',
      publishableKey: 'pk_test_1',
      webhookSecret: 'whsec_1',
    });
    expect(() => configFromEnv({ ...keys, STRIPE_WEBHOOK_SECRET: '' })).toThrow(
      'BACKLOT_PAYMENTS=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET; missing STRIPE_WEBHOOK_SECRET',
    );
    expect(() => configFromEnv({ ...keys, STRIPE_SECRET_KEY: 'pk_test_1' })).toThrow(/must be a secret key/);
    expect(() => configFromEnv({ ...keys, STRIPE_SECRET_KEY: 'sk_live_1' })).toThrow(
      /both be test keys or both live keys/,
    );
    expect(() => configFromEnv({ BACKLOT_PAYMENTS: 'paypal' })).toThrow(
      'BACKLOT_PAYMENTS must be "test" or "stripe", not "paypal"',
    );
    expect(configFromEnv({ BACKLOT_PAYMENT_CHECK_SECONDS: '5' }).paymentCheckSeconds).toBe(5);
  });
});
