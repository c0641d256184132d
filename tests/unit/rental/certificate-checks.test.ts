/**
 * What a house checks on a certificate of insurance (schema/rental/insurance.ts): the house named
 * as additional insured however its legal form is written, limits in another currency only at a
 * rate the house states (and set against the order at that rate), and cover that starts after the
 * hire does.
 */
import { describe, expect, it } from 'vitest';
import { withDefaults } from '../../../schema/defaults';
import {
  certificateHouseOf,
  certificateProblems,
  coverOf,
  insuranceStanding,
  namesHouse,
} from '../../../schema/rental/insurance';
import { insuranceKeepsIn } from '../../../schema/rental/out-gate';
import type { InsuranceCertificate, SiteSettings } from '../../../schema/types.generated';

const site = (extra: Partial<SiteSettings> = {}) =>
  withDefaults('site', { tenantId: 't', domain: 'example.com', appTitle: 'T', ...extra } as SiteSettings);
const london = certificateHouseOf(
  { displayName: 'Soho Prop Hire', name: 'Soho Prop Hire', legalName: 'Soho Prop Hire Ltd' },
  site({ currency: 'GBP', certificateRates: [{ currency: 'USD', rate: 0.79 }] }),
);
const today = '2026-12-05';
const details = (extra: Partial<InsuranceCertificate> = {}) =>
  ({ expiresOn: '2027-12-05', effectiveOn: '2026-12-01', currency: 'GBP', ...extra }) as InsuranceCertificate;

describe("a certificate's checks at a house", () => {
  it('finds the house named however the broker wrote its legal form, or any lessor', () => {
    expect(namesHouse({ additionalInsured: 'SOHO PROP HIRE LIMITED' }, london)).toBe(true);
    expect(namesHouse({ additionalInsured: 'The Soho Prop Hire, Ltd.' }, london)).toBe(true);
    expect(namesHouse({ anyLessor: true }, london)).toBe(true);
    expect(namesHouse({ additionalInsured: 'Jetway Props LLC' }, london)).toBe(false);
    expect(namesHouse({ additionalInsured: 'Ltd' }, london)).toBe(false);
    expect(namesHouse({ additionalInsured: 'Soho Props' }, london)).toBe(false);
    expect(namesHouse({ additionalInsured: 'Soho Prop Hirers' }, london)).toBe(false);
    expect(namesHouse({}, london)).toBe(false);
  });

  it('refuses a currency without a stated rate, another house, and dates the wrong way round', () => {
    expect(certificateProblems(details({ anyLessor: true }), london, today, true)).toEqual([]);
    expect(certificateProblems(details({ anyLessor: true, currency: 'USD' }), london, today, true)).toEqual([]);
    expect(
      certificateProblems(
        details({ currency: 'EUR', effectiveOn: '2027-01-01', expiresOn: '2026-12-31' }),
        london,
        today,
        true,
      ),
    ).toEqual([
      { pointer: '/expiresOn', message: 'the cover ends on 2026-12-31, before it starts on 2027-01-01' },
      { pointer: '/currency', message: 'the limits are in EUR: Soho Prop Hire takes certificates in GBP or USD' },
      {
        pointer: '/additionalInsured',
        message:
          'names no additional insured: Soho Prop Hire must be named as additional insured and loss payee (or any lessor)',
      },
    ]);
    // An order's own upload that says nothing of the lessor is left to the house's review.
    expect(certificateProblems(details(), london, today, false)).toEqual([]);
  });

  it('sets limits in another currency against the order at the rate kept, and cover starting late', () => {
    const order = {
      startDate: '2026-12-20',
      endDate: '2026-12-22',
      production: 'Night Flight',
      insurance: details({ currency: 'USD', rate: 0.79, coverAmount: 100_000 }),
    };
    expect(coverOf(order.insurance)).toBe(79_000);
    expect(insuranceStanding(order, today, 80_000)).toBe('coverShort');
    expect(insuranceStanding(order, today, 79_000)).toBe('current');
    const strict = site({ currency: 'GBP', locale: 'en-GB', insuranceRequired: true, insuranceShortfall: 'refuse' });
    expect(insuranceKeepsIn(order, strict, today, 80_000)).toBe(
      "Night Flight's certificate covers US$100,000.00 at 0.79: £79,000.00; this order's replacement value is £80,000.00: cover at full replacement value is needed before anything goes out.",
    );
    const late = { ...order, insurance: details({ effectiveOn: '2026-12-21' }) };
    expect(insuranceStanding(late, today)).toBe('startsLate');
    expect(insuranceKeepsIn(late, strict, today)).toMatch(/certificate starts .*2026; the hire starts .*2026/);
  });
});
