/**
 * Every confirmed order has its pro forma and every closed order its invoice: issued by the step
 * itself, or, when the step could not (the invoice store refused it here: a stand-in, named below,
 * for a store away or a process killed between the step and the document), by the invoice watch
 * every server runs, without anyone opening the order. A service priced in hundredths (1.5 hours)
 * is invoiced like any other line. On both stores: SQLite files, and Firestore on Google's official
 * emulator (tests/helpers/firestore.ts, imported first).
 */
import { createTestDatabase, emulatorHost } from '../helpers/firestore';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTenant } from '../../schema/node/loader';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import type { Invoice, QuoteRequest, Tenant } from '../../schema/types.generated';
import { authoriseCard } from '../helpers/card-hold';
import { buildTestApp, type TestApp } from '../helpers/server';
import { acmeDir, tenantsDir } from '../helpers/paths';
import { AVIATION_HOST, storefrontVisitor } from '../helpers/storefront-visitor';

const { FirestoreTenantStore } = await import('../../server/stores/firestore-tenant-store');

let t: TestApp;

/** Ten in stock, counted as a quantity. */
const CASES = '1950s-hard-train-case-cream';
const CREW = {
  category: { group: 'services', category: 'delivery-and-pickup', subcategory: 'local-delivery' },
  name: 'Crew on set',
  quantity: 1.5,
  unitPrice: 85,
};

const vendor = (url: string, revision: string | number, payload?: object) =>
  t.as('aviationAdmin', {
    method: 'POST',
    url: `/api/tenants/aviation/quote-requests/${url}`,
    ...(payload && { payload }),
    headers: { 'if-match': `"${revision}"` },
  });
const documentsOf = (id: string) => t.app.invoices.forQuote('aviation', id);
const stored = async (id: string) => (await t.app.quoteRequests.get('aviation', id)) as QuoteRequest;

/** A request for two cases with 1.5 hours of crew, quoted, held on a card and accepted. */
async function accepted(email: string, inDays: number): Promise<{ id: string; revision: number }> {
  const who = await storefrontVisitor(t, email);
  const headers = { host: AVIATION_HOST, origin: `http://${AVIATION_HOST}`, cookie: who.cookie };
  const from = addDays(earliestStart('America/Los_Angeles', 2, new Date()), inDays);
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/quote-requests',
    headers,
    payload: { items: [{ objectID: CASES, quantity: 2 }], startDate: from, endDate: addDays(from, 2) },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const id = asked.json().id as string;
  const quoted = await vendor(`${id}/quote`, 0, { adjustments: {}, services: [CREW] });
  expect(quoted.statusCode, quoted.body).toBe(200);
  const { revision } = await authoriseCard(t.app, id, who.cookie);
  const answer = await t.app.inject({
    method: 'POST',
    url: `/api/quotes/${id}/accept`,
    headers: { ...headers, 'if-match': `"${revision}"` },
    payload: { version: 1 },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return { id, revision: Number(revision) + 1 };
}

const crewLine = (document: Invoice | undefined) => document?.lines.find((line) => line.description === 'Crew on set');

function describeOwedDocuments(storeName: string, env: () => Promise<Record<string, string>>) {
  describe(`the documents every order is owed (${storeName})`, () => {
    beforeAll(async () => {
      // The watch passes every second here (a minute by default).
      t = await buildTestApp({
        identity: { attemptsPerMinute: 1000 },
        quotes: { requestsPerMinute: 1000 },
        env: { ...(await env()), BACKLOT_INVOICE_CHECK_SECONDS: '1' },
      });
    });
    afterAll(() => t?.close());

    it('invoices a service of 1.5 hours: its pro forma at confirmation, its invoice at close-out, the card captured for it', async () => {
      expect([t.app.invoices.constructor.name, t.app.quoteRequests.constructor.name]).toEqual([
        `${storeName === 'SQLite' ? 'Sqlite' : storeName}InvoiceStore`,
        `${storeName === 'SQLite' ? 'Sqlite' : storeName}QuoteRequestStore`,
      ]);
      const { id, revision } = await accepted('hours@studio.example', 3);
      const confirmed = await vendor(`${id}/confirm`, revision);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const proForma = (await documentsOf(id)).find((document) => document.kind === 'proForma');
      expect(crewLine(proForma)).toMatchObject({ kind: 'service', quantity: 1.5, unitAmount: 85, amount: 127.5 });

      const scan = (direction: 'out' | 'in') =>
        t.as('aviationAdmin', {
          method: 'POST',
          url: `/api/tenants/aviation/orders/${id}/scans`,
          payload: { id: `hours-${direction}`, direction, code: CASES, count: 2 },
        });
      expect((await scan('out')).statusCode).toBe(200);
      expect((await scan('in')).statusCode).toBe(200);
      const closed = await vendor(`${id}/close`, (await stored(id)).revision!);
      expect(closed.statusCode, closed.body).toBe(200);
      const invoice = (await documentsOf(id)).find((document) => document.kind === 'invoice');
      expect(crewLine(invoice)).toMatchObject({ quantity: 1.5, amount: 127.5 });
      expect((await stored(id)).cardHold).toMatchObject({ status: 'captured', captured: invoice!.total });
    });

    it('issues a pro forma and an invoice the step could not, from the watch, with nobody opening the order', async () => {
      const { id, revision } = await accepted('store-away@studio.example', 12);
      // STAND-IN for a fault: the invoice store refuses every document while `away` is set.
      const issue = t.app.invoices.issue.bind(t.app.invoices);
      let away = true;
      t.app.invoices.issue = (draft) =>
        away ? Promise.reject(new Error('invoice store away (test fault)')) : issue(draft);
      try {
        expect((await vendor(`${id}/confirm`, revision)).statusCode).toBe(200);
        expect(await documentsOf(id)).toEqual([]);
        away = false;
        await expect.poll(async () => (await documentsOf(id)).map((document) => document.kind)).toEqual(['proForma']);

        away = true;
        const scan = (direction: 'out' | 'in') =>
          t.as('aviationAdmin', {
            method: 'POST',
            url: `/api/tenants/aviation/orders/${id}/scans`,
            payload: { id: `store-away-${direction}`, direction, code: CASES, count: 2 },
          });
        for (const direction of ['out', 'in'] as const) {
          const scanned = await scan(direction);
          expect(scanned.statusCode, scanned.body).toBe(200);
        }
        expect((await vendor(`${id}/close`, (await stored(id)).revision!)).statusCode).toBe(200);
        expect((await documentsOf(id)).map((document) => document.kind)).toEqual(['proForma']);
        away = false;
        await expect
          .poll(async () => (await documentsOf(id)).map((document) => document.kind))
          .toEqual(['proForma', 'invoice']);
        const invoice = (await documentsOf(id)).find((document) => document.kind === 'invoice')!;
        expect(invoice.paid).toBe((await stored(id)).cardHold!.captured);
      } finally {
        t.app.invoices.issue = issue;
      }
    });
  });
}

describeOwedDocuments('SQLite', async () => ({}));

describeOwedDocuments('Firestore', async () => {
  const database = await createTestDatabase('backlot-owed-documents');
  afterAll(async () => {
    delete process.env.GOOGLE_CLOUD_PROJECT;
    await database.cleanup();
  });
  // The tenants the test app serves, pushed as `backlot push` would; the server's own firebase-admin
  // finds the project in the process environment.
  const tenants = await FirestoreTenantStore.open({ firestore: database.firestore, watch: false });
  for (const dir of [acmeDir, path.join(tenantsDir, 'aviation')]) {
    const { tenant } = await loadTenant(dir);
    await tenants.create((tenant as Tenant).site.tenantId, tenant as Tenant, 'seed');
  }
  await tenants.close();
  process.env.GOOGLE_CLOUD_PROJECT = database.projectId;
  return {
    BACKLOT_STORE: 'firestore',
    FIRESTORE_EMULATOR_HOST: emulatorHost,
    GOOGLE_CLOUD_PROJECT: database.projectId,
  };
});
