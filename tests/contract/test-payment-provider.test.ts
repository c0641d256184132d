/** The built-in test provider (server/payments/test-payment-provider.ts), on a real SQLite file, against the PaymentProvider contract, and what only it does. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { TestPaymentProvider } from '../../server/payments/test-payment-provider';
import { paymentProviderContract, type ContractCard } from './payment-provider.contract';

const NUMBERS: Record<ContractCard, string> = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  authenticate: '4000 0025 0000 3155',
  declineAgain: '4000 0000 0000 0341',
};
const card = (number: string) => ({ number, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' });

async function openTestProvider() {
  const dir = await mkdtemp(path.join(tmpdir(), 'backlot-payments-'));
  let offset = 0;
  const provider = new TestPaymentProvider(dir, () => new Date(Date.now() + offset));
  return { dir, provider, advance: (ms: number) => void (offset += ms) };
}

paymentProviderContract('test', async () => {
  const { dir, provider, advance } = await openTestProvider();
  return {
    provider,
    confirm: async (intent, kind) => provider.confirmCard(intent.clientSecret!, card(NUMBERS[kind])),
    finishOnboarding: async (accountId) => void provider.completeOnboarding(accountId),
    passAuthentication: async (intent) => provider.authenticate(intent.clientSecret!, true),
    advance,
    close: async () => {
      await provider.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

it('test provider: refuses a mistyped number, a past expiry and a short security code, in words, and keeps no number', async () => {
  const { dir, provider } = await openTestProvider();
  const hold = () =>
    provider.createHold({
      amount: 100,
      currency: 'GBP',
      description: 'x',
      metadata: { tenantId: 't', quoteId: 'q' },
      payer: { key: 'p', email: 'a@example.com' },
      idempotencyKey: Math.random().toString(),
    });
  expect(provider.confirmCard((await hold()).clientSecret!, card('4242 4242 4242 4241')).lastError?.message).toBe(
    'Your card number is incorrect.',
  );
  expect(
    provider.confirmCard((await hold()).clientSecret!, { ...card('4242424242424242'), expYear: 2020 }).lastError
      ?.message,
  ).toMatch(/expiration date/);
  expect(
    provider.confirmCard((await hold()).clientSecret!, { ...card('4242424242424242'), cvc: '1' }).lastError?.message,
  ).toMatch(/security code/);
  const intent = provider.confirmCard((await hold()).clientSecret!, card('4242424242424242'));
  expect(intent.status).toBe('requires_capture');
  expect(() => provider.confirmCard(`${intent.id}_secret_wrong`, card('4242424242424242'))).toThrow(/client secret/);
  await provider.close();
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile(path.join(dir, 'test-payments.sqlite'));
  expect(bytes.includes(Buffer.from('4242424242424242'))).toBe(false);
  await rm(dir, { recursive: true, force: true });
});
