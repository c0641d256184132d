/** The payment provider's wanted fields, said to a house in words (admin/payouts/requirement-words.ts), each once. */
import { describe, expect, it } from 'vitest';
import { requirementWords } from '../../../admin/payouts/requirement-words';

describe('what the payment provider still wants, in words', () => {
  it('says Stripe’s field names as a house owner reads them, each once, and spaces a name it does not know', () => {
    expect(
      requirementWords(['business_profile.url', 'external_account', 'tos_acceptance.date', 'tos_acceptance.ip']),
    ).toEqual([
      'Your business’s website',
      'The bank account payouts go to',
      'Accepting the provider’s terms of service',
    ]);
    expect(
      requirementWords([
        'individual.dob.day',
        'individual.dob.month',
        'individual.verification.document',
        'settings.payouts_schedule',
      ]),
    ).toEqual(['Your date of birth', 'A photo of your ID', 'Payouts schedule']);
  });
});
