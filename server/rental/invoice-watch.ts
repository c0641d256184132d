/**
 * The documents every order is owed, made sure of by a watch every server runs: a confirmed (or
 * hired) order has its pro forma, a closed one its invoice. A step issues them itself
 * (invoicing.ts); when it could not (the invoice store away, the process killed between the step
 * and the document), the next pass issues them, whether or not anyone opens the order. Issuing is
 * keyed, so two servers passing at once issue each document once.
 *
 * Each pass reads the orders confirmed in the last CONFIRMED_WITHIN_DAYS and the newest closed
 * ones; an order found complete is remembered by this process (its state and version), so the
 * next pass reads only what changed.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { changePending, isOrderState } from '../../schema/rental/quote-states';
import type { QuoteRequest } from '../../schema/types.generated';
import { issueOwed } from './invoicing';
import { itemsOfQuotes, quoteSettingsOf } from './quote-conversation';

/** How far back a confirmation is looked for: a step's documents are owed from the moment it is taken. */
const CONFIRMED_WITHIN_DAYS = 14;
/** At most this many orders of each kind per tenant and pass. */
const PER_PASS = 500;

/** What an order stands on: a document issued for it stays right until this changes. */
const standingOf = (order: QuoteRequest) =>
  `${order.state}:${order.versions?.at(-1)?.version ?? 0}:${changePending(order) ? 'change' : ''}`;

export class InvoiceWatch {
  /** Orders found with their documents, by tenant then id, at what they stood on: only those the last pass listed, so it never grows past them. */
  private readonly complete = new Map<string, Map<string, string>>();

  constructor(
    private readonly app: Pick<FastifyInstance, 'tenantStore' | 'quoteRequests' | 'itemStore' | 'invoices'>,
  ) {}

  /** One pass over every tenant. Returns the orders it found lacking a document (and issued it for). */
  async pass(now: Date, log?: FastifyBaseLogger): Promise<string[]> {
    const issued: string[] = [];
    const since = new Date(now.getTime() - CONFIRMED_WITHIN_DAYS * 86_400_000).toISOString();
    for (const [index, { tenantId }] of (await this.app.tenantStore.list()).entries()) {
      // An embedded store answers at once (its promises never wait on I/O): every few tenants the
      // pass lets the server answer requests, so thousands of tenants never hold it up.
      if (index % 25 === 24) await new Promise((resolve) => setImmediate(resolve));
      const [confirmed, closed] = await Promise.all([
        this.app.quoteRequests.list(tenantId, { confirmedFrom: since, limit: PER_PASS }),
        this.app.quoteRequests.list(tenantId, { state: 'closed', limit: PER_PASS }),
      ]);
      const listed = [
        ...new Map([...confirmed.requests, ...closed.requests].map((order) => [order.id, order])).values(),
      ].filter((order) => isOrderState(order.state ?? 'requested'));
      const known = this.complete.get(tenantId) ?? new Map<string, string>();
      const ids = new Set(listed.map((order) => order.id));
      const complete = new Map([...known].filter(([id]) => ids.has(id)));
      this.complete.set(tenantId, complete);
      const orders = listed.filter((order) => complete.get(order.id) !== standingOf(order));
      // The tenant's settings are read only when a document is owed (most passes, for most tenants, owe none).
      let settings: ReturnType<typeof quoteSettingsOf> | undefined;
      for (const order of orders) {
        const documents = await this.app.invoices.forQuote(tenantId, order.id);
        const lacking =
          order.state === 'closed'
            ? !documents.some((document) => document.kind === 'invoice')
            : !documents.some((document) => document.kind === 'proForma' && !document.voidedAt);
        if (lacking) {
          const stored = settings ? undefined : await this.app.tenantStore.get(tenantId).catch(() => undefined);
          if (!settings && !stored) break;
          settings ??= quoteSettingsOf(stored!.tenant);
          const items = await itemsOfQuotes(this.app.itemStore, tenantId, [order]);
          await issueOwed(this.app.invoices, settings, items, order, now, log);
          issued.push(order.id);
          log?.warn(
            { tenantId, quoteRequest: order.id, state: order.state },
            'owed document issued by the invoice watch',
          );
        } else complete.set(order.id, standingOf(order));
      }
    }
    return issued;
  }
}
