/**
 * What must stand before anything goes out (schema/rental/out-gate.ts), when the card is asked for
 * (holdAskedFrom), where a certificate of insurance stands (schema/rental/insurance.ts), and how a
 * certificate's kind is told from its bytes.
 */
import { describe, expect, it } from 'vitest';
import { withDefaults } from '../../../schema/defaults';
import { holdAskedFrom } from '../../../schema/rental/card-hold';
import { certificateKind, insuranceStanding, replacementValueOf } from '../../../schema/rental/insurance';
import { outBlockedBy } from '../../../schema/rental/out-gate';
import type { CardHold, InsuranceCertificate, SiteSettings } from '../../../schema/types.generated';

const site = (extra: Partial<SiteSettings> = {}) =>
  withDefaults('site', { tenantId: 't', domain: 'example.com', appTitle: 'T', ...extra } as SiteSettings);
const now = new Date('2026-12-01T12:00:00Z');
const today = '2026-12-01';
const hold = (status: CardHold['status'], expiresAt = '2026-12-05T12:00:00Z') =>
  ({ status, expiresAt, amount: 100 }) as CardHold;
const cover = (expiresOn: string) => ({ expiresOn }) as InsuranceCertificate;

describe('when the card is asked for', () => {
  it('at acceptance with that timing; before check-out, five days before a hire further off and at acceptance for a nearer one', () => {
    expect(holdAskedFrom({ startDate: '2026-12-20' }, 'atAcceptance', today)).toBeUndefined();
    expect(holdAskedFrom({ startDate: '2026-12-20' }, 'beforeCheckOut', today)).toBe('2026-12-15');
    expect(holdAskedFrom({ startDate: '2026-12-06' }, 'beforeCheckOut', today)).toBe(undefined);
    expect(holdAskedFrom({ startDate: '2026-12-07' }, 'beforeCheckOut', today)).toBe('2026-12-02');
  });
});

describe('before anything goes out', () => {
  it('lets an order out when the tenant asks for nothing, or it has what is asked', () => {
    expect(
      outBlockedBy({ startDate: '2026-12-05', endDate: '2026-12-10' }, site({ ccAuthEnabled: false }), today, now),
    ).toEqual([]);
    // At acceptance, an order with no hold (made before cards were taken) is not kept in.
    expect(outBlockedBy({ startDate: '2026-12-05', endDate: '2026-12-10' }, site(), today, now)).toEqual([]);
    expect(
      outBlockedBy(
        {
          startDate: '2026-12-05',
          endDate: '2026-12-10',
          cardHold: hold('authorised'),
          insurance: cover('2026-12-31'),
        },
        site({ cardHoldTiming: 'beforeCheckOut', insuranceRequired: true }),
        today,
        now,
      ),
    ).toEqual([]);
  });

  it('keeps it in without a standing hold (none yet, lapsed, declined) or a current certificate, giving every reason', () => {
    const strict = site({ cardHoldTiming: 'beforeCheckOut', insuranceRequired: true });
    expect(outBlockedBy({ startDate: '2026-12-05', endDate: '2026-12-10' }, strict, today, now)).toEqual([
      'No card hold on this order yet: the visitor authorises their card from their quote page before anything goes out.',
      "No certificate of insurance on this order: upload it on the order's page (or the visitor does, from their quote page) before anything goes out.",
    ]);
    // An authorised hold whose time has passed does not stand, whatever its status says.
    expect(
      outBlockedBy(
        { startDate: '2026-12-05', endDate: '2026-12-10', cardHold: hold('authorised', '2026-12-01T11:59:00Z') },
        site(),
        today,
        now,
      ),
    ).toHaveLength(1);
    expect(
      outBlockedBy(
        { startDate: '2026-12-05', endDate: '2026-12-10', cardHold: hold('declined') },
        site(),
        today,
        now,
      )[0],
    ).toMatch(/^The card hold on this order was declined: /);
    expect(
      outBlockedBy(
        {
          startDate: '2026-12-05',
          endDate: '2026-12-10',
          cardHold: hold('authorised'),
          insurance: cover('2026-11-30'),
        },
        strict,
        today,
        now,
      ),
    ).toEqual([
      'The certificate of insurance lapsed after Nov 30, 2026: a current one is needed before anything goes out.',
    ]);
  });

  it('says in words why a certificate keeps it in: refused, ending before the hire or short of its worth when the house refuses those', () => {
    const strict = site({ insuranceRequired: true, insuranceShortfall: 'refuse' });
    const order = { startDate: '2026-12-05', endDate: '2026-12-20', production: 'Night Ferry' };
    const refused = {
      ...cover('2027-01-31'),
      review: { state: 'refused' as const, by: 'Sam', at: '2026-12-01T10:00:00Z', note: 'It names another house' },
    };
    expect(outBlockedBy({ ...order, insurance: refused }, strict, today, now)).toEqual([
      "Night Ferry's certificate was refused (It names another house): a new one is needed before anything goes out.",
    ]);
    expect(outBlockedBy({ ...order, insurance: cover('2026-12-14') }, strict, today, now)).toEqual([
      "Night Ferry's certificate ends Dec 14, 2026; the hire ends Dec 20, 2026: a certificate covering the whole hire is needed before anything goes out.",
    ]);
    const short = { ...cover('2027-01-31'), coverAmount: 250_000 };
    expect(outBlockedBy({ ...order, insurance: short }, strict, today, now, 412_300)).toEqual([
      "Night Ferry's certificate covers $250,000.00; this order's replacement value is $412,300.00: cover at full replacement value is needed before anything goes out.",
    ]);
    // Flagged only (the default): both go out; a refused certificate never does.
    const lenient = site({ insuranceRequired: true });
    expect(outBlockedBy({ ...order, insurance: cover('2026-12-14') }, lenient, today, now)).toEqual([]);
    expect(outBlockedBy({ ...order, insurance: short }, lenient, today, now, 412_300)).toEqual([]);
    expect(outBlockedBy({ ...order, insurance: refused }, lenient, today, now)).toHaveLength(1);
  });
});

describe('certificates of insurance', () => {
  it('stand as missing, refused, lapsed, ending before the hire does, or current', () => {
    expect(insuranceStanding({ startDate: '2026-12-05', endDate: '2026-12-10' }, today)).toBe('missing');
    const review = { state: 'refused' as const, by: 'Sam', at: '2026-12-01T10:00:00Z' };
    expect(
      insuranceStanding(
        { startDate: '2026-12-05', endDate: '2026-12-10', insurance: { ...cover('2026-12-31'), review } },
        today,
      ),
    ).toBe('refused');
    expect(
      insuranceStanding({ startDate: '2026-12-05', endDate: '2026-12-10', insurance: cover('2026-11-30') }, today),
    ).toBe('lapsed');
    expect(
      insuranceStanding({ startDate: '2026-12-05', endDate: '2026-12-10', insurance: cover('2026-12-01') }, today),
    ).toBe('endsEarly');
    expect(
      insuranceStanding({ startDate: '2026-12-05', endDate: '2026-12-10', insurance: cover('2026-12-10') }, today),
    ).toBe('current');
  });

  it('covering less than the order would cost to replace is flagged; a certificate that says no cover, or an order of unknown worth, is not', () => {
    const items = new Map([
      ['seat', { replacementValue: 1500 }],
      ['cart', { replacementValue: 999.99 }],
      ['sign', {}],
    ]);
    const value = replacementValueOf(
      [
        { objectID: 'seat', quantity: 2 },
        { objectID: 'cart', quantity: 1 },
        { objectID: 'sign', quantity: 4 },
        { objectID: 'gone', quantity: 1 },
      ],
      items,
    );
    expect(value).toBe(3999.99);
    const order = (coverAmount?: number) => ({
      startDate: '2026-12-05',
      endDate: '2026-12-10',
      insurance: { ...cover('2026-12-10'), ...(coverAmount !== undefined && { coverAmount }) },
    });
    expect(insuranceStanding(order(3999.98), today, value)).toBe('coverShort');
    expect(insuranceStanding(order(3999.99), today, value)).toBe('current');
    expect(insuranceStanding(order(), today, value)).toBe('current');
    expect(insuranceStanding(order(10), today)).toBe('current');
    // A lapsed certificate is lapsed first, whatever it covers.
    expect(
      insuranceStanding({ ...order(10), insurance: { ...order(10).insurance, expiresOn: '2026-11-30' } }, today, value),
    ).toBe('lapsed');
  });

  it('are told by their bytes: a PDF, a PNG or a JPEG, never by a name', () => {
    expect(certificateKind(Buffer.from('%PDF-1.7\n'))).toEqual({ type: 'application/pdf', extension: 'pdf' });
    expect(certificateKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ type: 'image/jpeg', extension: 'jpg' });
    expect(certificateKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toEqual({
      type: 'image/png',
      extension: 'png',
    });
    expect(certificateKind(Buffer.from('<svg onload="alert(1)"/>'))).toBeUndefined();
    expect(certificateKind(Buffer.from('%PD'))).toBeUndefined();
  });
});
