/**
 * A house's receivables for the benches: `invoices` invoices over 240 days, nine in ten on one of
 * `accounts` customer accounts (the rest card customers), and 40% as many payments tried against
 * them at random (one already paid off refuses more: some are, by chance). Seeded, so each run
 * has the same.
 */
import { paymentOf } from '../../schema/accounts/payments';
import { addDays } from '../../schema/rental/quote-rules';
import type { SqliteInvoiceStore } from '../../server/stores/sqlite-invoice-store';
import { sampleDraft } from '../contract/invoice-store.contract';
import { seededRandom } from './figures';

export async function seedReceivables(
  store: SqliteInvoiceStore,
  options: { tenantId: string; invoices: number; accounts: number; today: string },
): Promise<void> {
  const { tenantId, invoices, accounts, today } = options;
  const random = seededRandom(38);
  const numbers: string[] = [];
  for (let index = 0; index < invoices; index++) {
    const onAccount = random() < 0.9;
    const account = Math.floor(random() * accounts);
    const issueDate = addDays(today, -Math.floor(random() * 240));
    const total = Math.round(100 + random() * 5_000);
    const { invoice } = await store.issue(
      sampleDraft(`q-${index}`, {
        tenantId,
        issueDate,
        issuedAt: `${issueDate}T12:00:00.000Z`,
        dueDate: addDays(issueDate, 30),
        total,
        paid: 0,
        balance: total,
        billTo: onAccount
          ? {
              name: 'Accounts',
              email: `ap@account-${account}.example`,
              account: { id: `account-${account}`, name: `Studio ${account}`, netDays: 30, deposit: 'none' },
            }
          : { name: `Visitor ${index}`, email: `visitor-${index % 2_000}@example.com` },
      }),
    );
    numbers.push(invoice.number);
  }
  const context = { today, now: new Date(`${today}T12:00:00Z`), by: 'office@house.example', format: String };
  for (let index = 0; index < Math.round(invoices * 0.4); index++) {
    const number = numbers[Math.floor(random() * numbers.length)]!;
    const id = `pay-${String(index).padStart(8, '0')}`;
    await store
      .recordPayment(tenantId, number, id, (state) => {
        const made = paymentOf(
          {
            id,
            amount: Math.max(0.01, Math.round(random() * 3_000)),
            currency: 'USD',
            receivedOn: today,
            method: 'bankTransfer',
          },
          state,
          context,
        );
        if ('problems' in made) throw new Error(made.problems[0]!.message);
        return made.payment;
      })
      .catch(() => undefined);
  }
}
