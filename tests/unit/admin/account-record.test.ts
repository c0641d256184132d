/**
 * What the console's account form sends (admin/accounts/account-record.ts): only the schema's input
 * fields (never the house, currency, version or times the server keeps); new members dated now and
 * lowercased, blank rows dropped; a stop keeps when and by whom it was first put, and a blank reason
 * takes the account off stop; an exemption with no number and an emptied credit limit are none.
 */
import { describe, expect, it } from 'vitest';
import { accountToSave, termsText } from '../../../admin/accounts/account-record';
import type { CustomerAccount } from '../../../schema/types.generated';
import { sampleCustomerAccount } from '../../contract/customer-account-store.contract';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const stored: CustomerAccount = {
  ...sampleCustomerAccount('warner', {
    name: 'Warner Bros. Pictures',
    members: [{ email: 'kim@warner.example', addedAt: '2026-11-01T00:00:00.000Z' }],
    onStop: { reason: 'Cheque bounced', since: '2026-11-20T00:00:00.000Z', by: 'admin@jetwayprops.com' },
    creditLimit: 500_000,
  }),
  tenantId: 'aviation',
  version: 3,
};

describe("the console's account form", () => {
  it('sends the input fields only, dating new members and keeping a stop as first put', () => {
    const saved = accountToSave(
      {
        ...stored,
        members: [
          ...stored.members,
          { email: ' Lee@Warner.Example ', addedAt: undefined as never },
          { email: '  ', addedAt: undefined as never },
        ],
        onStop: { ...stored.onStop!, reason: 'Cheque bounced twice' },
        exemption: { covers: 'rentals' } as never,
      },
      stored,
      'owner@jetwayprops.com',
      NOW,
    );
    expect(Object.keys(saved).sort()).toEqual(['creditLimit', 'id', 'kind', 'members', 'name', 'onStop', 'terms']);
    expect(saved.members).toEqual([
      { email: 'kim@warner.example', addedAt: '2026-11-01T00:00:00.000Z' },
      { email: 'lee@warner.example', addedAt: '2026-11-28T12:00:00.000Z' },
    ]);
    expect(saved.onStop).toEqual({
      reason: 'Cheque bounced twice',
      since: '2026-11-20T00:00:00.000Z',
      by: 'admin@jetwayprops.com',
    });
  });

  it('takes the account off stop on a blank reason, puts a new stop in the saver’s name, and drops an emptied limit', () => {
    expect(
      accountToSave(
        { ...stored, onStop: { ...stored.onStop!, reason: '  ' }, creditLimit: null as never },
        stored,
        'owner@jetwayprops.com',
        NOW,
      ),
    ).not.toHaveProperty('onStop');
    expect(
      accountToSave({ ...stored, creditLimit: null as never }, stored, 'owner@jetwayprops.com', NOW),
    ).not.toHaveProperty('creditLimit');
    const { onStop: _stop, ...notStopped } = stored;
    expect(
      accountToSave({ ...notStopped, onStop: { reason: 'Overdue' } as never }, notStopped, 'owner@jetwayprops.com', NOW)
        .onStop,
    ).toEqual({
      reason: 'Overdue',
      since: '2026-11-28T12:00:00.000Z',
      by: 'owner@jetwayprops.com',
    });
  });

  it('says the terms in a word', () => {
    const words = { card: 'Card hold', net: (days: number) => `Net ${days}`, deposit: 'deposit on a card' };
    expect(termsText({ method: 'card' }, words)).toBe('Card hold');
    expect(termsText({ method: 'account', netDays: 45, deposit: 'card' }, words)).toBe('Net 45, deposit on a card');
  });
});
