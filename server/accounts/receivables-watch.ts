/**
 * The mail a house sends about money owed, on its schedule, by a watch every server runs (every
 * BACKLOT_RECEIVABLES_CHECK_SECONDS, and as it starts):
 *
 * - Payment reminders (`site.reminderDays`, such as 7, 14 and 30): each invoice still owing, at
 *   the latest step of the schedule it has reached, with the invoice's PDF; none once it is paid.
 * - Statements (`site.statementDay`): from that day of each month, every account with anything on
 *   its statement for last month (something happened, or something is owed or held) is mailed it.
 *
 * Reminders go to the account's billing contact, else to whoever ordered (none to an account whose
 * reminders the house turned off, `paymentReminders`); statements go to the billing contact (an
 * account with none is mailed none). Each is sent once, whichever server finds it first: it is
 * recorded as a notice under its id (statements.ts `reminderId`, `statementId`) before it is
 * mailed, and a server whose record comes back a repeat sends nothing. A mail the mailer refuses
 * has its notice forgotten, so the next pass (on any server) sends it again; once a notice went,
 * it is never sent twice. A house with neither setting costs one tenant read per pass.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  monthBefore,
  remindersDueSteps,
  reminderId,
  statementId,
  statementOf,
  statementWanted,
} from '../../schema/accounts/statements';
import { invoiceStateSteps } from '../../schema/accounts/payments';
import { withDefaults } from '../../schema/defaults';
import { todayIn } from '../../schema/rental/quote-rules';
import type { CustomerAccount, Invoice, Payment, Tenant } from '../../schema/types.generated';
import { storefrontConfiguration } from '../../schema/configuration/build-configuration';
import { paymentReminderMessage, statementMessage } from '../mail/account-messages';
import type { MailContent } from '../mail/messages';
import { sendAs } from '../mail/tenant-mail';
import type { StorefrontConfiguration } from '../../schema/configuration/configuration';
import { runLettingGo } from '../lib/let-go';
import { allAccounts } from '../stores/customer-account-store';
import { statementFileName } from './account-statements';

type WatchedApp = Pick<FastifyInstance, 'tenantStore' | 'invoices' | 'customerAccounts' | 'mailer' | 'pdfs'>;

export interface ReceivablesPass {
  /** Notice ids this pass recorded and mailed. */
  reminders: string[];
  statements: string[];
}

/** Groups `values` by `key`, skipping those with none. */
function groupBy<Value>(values: readonly Value[], key: (value: Value) => string | undefined): Map<string, Value[]> {
  const groups = new Map<string, Value[]>();
  for (const value of values) {
    const found = key(value);
    if (found === undefined) continue;
    const group = groups.get(found);
    if (group) group.push(value);
    else groups.set(found, [value]);
  }
  return groups;
}

export class ReceivablesWatch {
  /** `tenant month` whose statements this process has seen all sent: not read again until the next month. */
  private readonly stated = new Set<string>();
  /**
   * The notices each house was sent, as this process knows them: read whole on its first pass, then
   * kept by what this process records (another server's come back as repeats), so a pass never
   * reads a house's years of notices again.
   */
  private readonly sentBy = new Map<string, Set<string>>();

  constructor(private readonly app: WatchedApp) {}

  async pass(now: Date, log?: FastifyBaseLogger): Promise<ReceivablesPass> {
    const done: ReceivablesPass = { reminders: [], statements: [] };
    for (const [index, { tenantId }] of (await this.app.tenantStore.list()).entries()) {
      // Let the server answer requests between tenants (an embedded store never waits on I/O).
      if (index % 25 === 24) await new Promise((resolve) => setImmediate(resolve));
      const stored = await this.app.tenantStore.get(tenantId).catch(() => undefined);
      if (!stored) continue;
      const site = withDefaults('site', stored.tenant.site);
      const today = todayIn(withDefaults('vendor', stored.tenant.vendor).timezone ?? 'UTC', now);
      const schedule = site.reminderDays ?? [];
      const month =
        site.statementDay !== undefined && Number(today.slice(8, 10)) >= site.statementDay
          ? monthBefore(today)
          : undefined;
      const statementsDue = month !== undefined && !this.stated.has(`${tenantId} ${month}`);
      if (!schedule.length && !statementsDue) continue;
      try {
        const [documents, payments, sent, accounts] = await Promise.all([
          this.app.invoices.receivables(tenantId),
          this.app.invoices.payments(tenantId),
          this.sentOf(tenantId),
          allAccounts(this.app.customerAccounts, tenantId).then(
            (all) => new Map(all.map((account) => [account.id, account])),
          ),
        ]);
        const house = { tenantId, tenant: stored.tenant, version: stored.version, now, log };
        done.reminders.push(...(await this.remind(house, documents, payments, schedule, today, sent, accounts)));
        if (statementsDue) {
          const stated = await this.state(house, documents, payments, month, sent, accounts);
          done.statements.push(...stated.mailed);
          if (stated.complete) this.stated.add(`${tenantId} ${month}`);
        }
      } catch (error) {
        log?.error({ err: error, tenantId }, 'receivables watch: the house was skipped this pass');
      }
    }
    return done;
  }

  private async sentOf(tenantId: string): Promise<Set<string>> {
    let sent = this.sentBy.get(tenantId);
    if (!sent)
      this.sentBy.set(
        tenantId,
        (sent = new Set((await this.app.invoices.notices(tenantId)).map((notice) => notice.id))),
      );
    return sent;
  }

  /** Mails a recorded notice: whether it went. One the mailer refused is logged and forgotten, so that a later pass tries it again. */
  private async mail(
    house: { tenantId: string; log?: FastifyBaseLogger },
    id: string,
    configuration: StorefrontConfiguration,
    to: string,
    content: MailContent,
  ): Promise<boolean> {
    try {
      await sendAs(this.app.mailer, configuration, to, content);
      house.log?.info({ tenantId: house.tenantId, notice: id, to }, 'notice sent');
      return true;
    } catch (error) {
      house.log?.error(
        { err: error, tenantId: house.tenantId, notice: id },
        'notice not sent: it is tried again on the next pass',
      );
      await this.app.invoices
        .forgetNotice(house.tenantId, id)
        .catch((failure: unknown) => house.log?.error({ err: failure, notice: id }, 'unsent notice not forgotten'));
      return false;
    }
  }

  private async remind(
    house: { tenantId: string; tenant: Tenant; version: string; now: Date; log?: FastifyBaseLogger },
    documents: Invoice[],
    payments: Payment[],
    schedule: readonly number[],
    today: string,
    sent: Set<string>,
    accounts: ReadonlyMap<string, CustomerAccount>,
  ): Promise<string[]> {
    const mailed: string[] = [];
    // The PDF says what was paid since, and what is still due (what the reminder asks for).
    const settled = await runLettingGo(invoiceStateSteps(documents, payments));
    // Worked out a thousand invoices at a time, and each PDF drawn in a worker: other houses' requests are answered meanwhile.
    for (const { invoice, daysOverdue, owed } of await runLettingGo(
      remindersDueSteps(documents, settled, schedule, today, sent),
    )) {
      const account = invoice.billTo.account ? accounts.get(invoice.billTo.account.id) : undefined;
      // An account the house chases itself is sent none.
      if (account?.paymentReminders === false) continue;
      const to = account?.billingContact?.email ?? invoice.billTo.email;
      const id = reminderId(invoice.number, daysOverdue);
      const { repeat } = await this.app.invoices.recordNotice({
        id,
        tenantId: house.tenantId,
        kind: 'reminder',
        invoice: invoice.number,
        ...(account && { account: account.id }),
        daysOverdue,
        to,
        sentAt: house.now.toISOString(),
      });
      sent.add(id);
      if (repeat) continue;
      const configuration = storefrontConfiguration(house.tenantId, house.version, house.tenant);
      const pdf = await this.app.pdfs.invoice(
        house.tenantId,
        invoice,
        configuration.site,
        configuration.vendor,
        settled(invoice),
      );
      const content = paymentReminderMessage(
        configuration,
        { invoice, owed, days: daysOverdue, attention: account?.billingContact?.name ?? invoice.billTo.name },
        pdf,
      );
      if (await this.mail(house, id, configuration, to, content)) mailed.push(id);
      else sent.delete(id);
    }
    return mailed;
  }

  private async state(
    house: { tenantId: string; tenant: Tenant; version: string; now: Date; log?: FastifyBaseLogger },
    documents: Invoice[],
    payments: Payment[],
    month: string,
    sent: Set<string>,
    accounts: ReadonlyMap<string, CustomerAccount>,
  ): Promise<{ mailed: string[]; complete: boolean }> {
    const mailed: string[] = [];
    let failed = false;
    const byAccount = groupBy(documents, (document) => document.billTo.account?.id);
    const paidByAccount = groupBy(payments, (payment) => payment.account);
    for (const account of accounts.values()) {
      const id = statementId(account.id, month);
      const contact = account.billingContact;
      if (sent.has(id) || !contact) continue;
      const statement = statementOf(
        account,
        byAccount.get(account.id) ?? [],
        paidByAccount.get(account.id) ?? [],
        month,
      );
      if (!statementWanted(statement)) continue;
      const { repeat } = await this.app.invoices.recordNotice({
        id,
        tenantId: house.tenantId,
        kind: 'statement',
        account: account.id,
        month,
        to: contact.email,
        sentAt: house.now.toISOString(),
      });
      sent.add(id);
      if (repeat) continue;
      const configuration = storefrontConfiguration(house.tenantId, house.version, house.tenant);
      const pdf = await this.app.pdfs.statement(house.tenantId, statement, account, house.tenant);
      const content = statementMessage(configuration, statement, contact.name, pdf, statementFileName(account, month));
      if (await this.mail(house, id, configuration, contact.email, content)) mailed.push(id);
      else {
        sent.delete(id);
        failed = true;
      }
    }
    // A statement the mailer refused is tried again on the next pass: the month is not done yet.
    return { mailed, complete: !failed };
  }
}
