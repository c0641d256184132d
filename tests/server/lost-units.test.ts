/**
 * A hire that loses a unit still closes: all the stock of an item out on one order (four of four
 * seat rows by tag; all ten cases counted as a quantity), one checked in as lost and the rest fine,
 * then "Close the hire": the order closes, the card is captured with the loss charge and the
 * invoice carries its loss line. The order's own loss (off the shelf from today, inside its dates)
 * is not held against it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue, Invoice, QuoteRequest } from '../../schema/types.generated';
import type { OutboxMailer } from '../../server/mail/mailer';
import { confirmedOrder } from '../helpers/confirmed-order';
import { buildTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    identity: { attemptsPerMinute: 1000 },
    quotes: { requestsPerMinute: 1000 },
    // The seat rows cost $2,000 each to replace: the loss line's price.
    beforeStart: async (tenants) => {
      const file = path.join(tenants, 'aviation', 'catalogue.json');
      const catalogue = JSON.parse(await readFile(file, 'utf8')) as Catalogue;
      catalogue.items.find((item) => item.objectID === SEATS)!.replacementValue = 2000;
      await writeFile(file, JSON.stringify(catalogue));
    },
  });
});
afterAll(() => t.close());

/** Four in stock, moved to units here. */
const SEATS = '1950s-propliner-triple-seat-row-brown-houndstooth';
/** Ten in stock, counted as a quantity. */
const CASES = '1950s-hard-train-case-cream';

const consoleApi = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.as('aviationAdmin', { method, url: `/api/tenants/aviation/${url}`, ...(payload && { payload }), headers });
let scanNumber = 0;
const scan = async (orderId: string, body: Record<string, unknown>) => {
  const answer = await consoleApi('POST', `orders/${orderId}/scans`, {
    id: `lost-scan-${String((scanNumber += 1)).padStart(4, '0')}`,
    ...body,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { state?: string };
};
/** The newest mail of a kind to someone, as its plain text. */
const mailTo = async (to: string, kind: string) => {
  const outbox = t.app.mailer as OutboxMailer;
  const entry = (await outbox.list()).find((mail) => mail.to === to && mail.kind === kind);
  if (!entry) return undefined;
  const parsed = await simpleParser(await readFile(path.join(outbox.dir, entry.file)));
  return { subject: entry.subject, text: parsed.text ?? '' };
};
const close = async (id: string) => {
  const before = (await t.app.quoteRequests.get('aviation', id))!;
  return consoleApi('POST', `quote-requests/${id}/close`, undefined, { 'if-match': `"${before.revision}"` });
};

describe('a hire that lost a unit', () => {
  it('closes with every unit of the item out and one lost, captures the loss and invoices it', async () => {
    const tags = ((await consoleApi('POST', `items/${SEATS}/units`)).json() as Array<{ tag: string }>).map(
      (unit) => unit.tag,
    );
    expect(tags).toHaveLength(4);
    const order = await confirmedOrder(
      t,
      'lost-seat@studio.example',
      [{ objectID: SEATS, quantity: 4 }],
      3,
      'Lost Row',
    );
    for (const tag of tags) await scan(order.id, { direction: 'out', code: `aviation/${tag}` });
    await scan(order.id, {
      direction: 'in',
      code: `aviation/${tags[0]}`,
      condition: 'lost',
      note: 'Left on the location',
    });
    for (const tag of tags.slice(1)) await scan(order.id, { direction: 'in', code: `aviation/${tag}` });

    const closed = await close(order.id);
    expect(closed.statusCode, closed.body).toBe(200);
    const stored = (await t.app.quoteRequests.get('aviation', order.id)) as QuoteRequest;
    expect(stored.state).toBe('closed');
    expect(stored.cardHold).toMatchObject({ status: 'captured' });
    const invoice = ((await consoleApi('GET', 'invoices?filter={"kind":"invoice"}')).json() as Invoice[]).find(
      (document) => document.quoteId === order.id,
    )!;
    expect(invoice, 'the closed order has its invoice').toBeDefined();
    expect(invoice.lines).toContainEqual(
      expect.objectContaining({ kind: 'loss', description: expect.stringContaining(tags[0]!), amount: 2000 }),
    );
    // What the hold could not take is outstanding, to be paid against the invoice.
    expect(stored.cardHold!.captured! + (stored.cardHold!.outstanding ?? 0)).toBeCloseTo(invoice.total, 2);
    // The visitor's mail says what the hire came to, what the card was charged and what is still due, with the invoice to download.
    const money = (amount: number) =>
      `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const closedMail = (await mailTo('lost-seat@studio.example', 'quoteUpdate'))!;
    expect(closedMail.subject).toBe(`Your hire with Jetway Props is closed: ${money(invoice.total)}`);
    expect(closedMail.text).toContain(
      `It came to ${money(invoice.total)} in all (invoice ${invoice.number}): the hire as quoted, and ${money(2000)} of charges after it`,
    );
    expect(closedMail.text).toContain(`${money(stored.cardHold!.captured!)} was charged to your card for it`);
    if (invoice.balance > 0) expect(closedMail.text).toContain(`${money(invoice.balance)} is still due, by `);
    expect(closedMail.text).toMatch(
      new RegExp(
        `Download invoice ${invoice.number} \\(PDF\\): https://\\S+/api/quotes/${order.id}/invoices/${invoice.number}/pdf`,
      ),
    );

    // The order's labels are its units, the lost one included (a label to reprint when it turns up).
    const labels = (await consoleApi('GET', `labels?order=${order.id}`)).json().labels as Array<{ tag: string }>;
    expect(labels.map((label) => label.tag).sort()).toEqual([...tags].sort());

    // Found on the next job: back in service, and the loss charged for it credited on its own line.
    const found = await consoleApi('POST', `units/${tags[0]}/status`, {
      status: 'inService',
      note: 'Found in the stage 4 rafters',
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ status: 'inService', creditNote: expect.stringMatching(/^CN-\d{6}$/) });
    const note = (await t.app.invoices.get('aviation', found.json().creditNote))!;
    const lossLine = invoice.lines.findIndex((line) => line.kind === 'loss');
    expect(note).toMatchObject({ kind: 'creditNote', credits: invoice.number, total: -2000, taxes: [] });
    expect(note.lines).toEqual([expect.objectContaining({ kind: 'loss', creditsLine: lossLine, amount: -2000 })]);
    expect(note.reason).toBe(`Found after the hire: ${tags[0]} is back in service`);
    const creditMail = (await mailTo('lost-seat@studio.example', 'creditNote'))!;
    expect(creditMail.subject).toBe(`Credit note ${note.number} from Jetway Props: $2,000.00`);
    expect(creditMail.text).toContain(
      `Jetway Props issued credit note ${note.number} against invoice ${invoice.number} for Lost Row: $2,000.00.`,
    );
    expect(creditMail.text).toContain(`Why: Found after the hire: ${tags[0]} is back in service`);
    expect(creditMail.text).toContain(
      `It takes off: Loss: 1950s Propliner Triple Seat Row, Brown Houndstooth (${tags[0]}) ($2,000.00).`,
    );
    expect(creditMail.text).toContain(`Download credit note ${note.number} (PDF): `);
    // All four rows are on the shelf again.
    const units = (await consoleApi('GET', `items/${SEATS}/units`)).json() as Array<{ tag: string; status: string }>;
    expect(units.filter((unit) => unit.status === 'inService')).toHaveLength(4);
  });

  it('takes the loss charge back on a hire still open when the unit is found before close-out', async () => {
    const tags = ((await consoleApi('GET', `items/${SEATS}/units`)).json() as Array<{ tag: string }>).map(
      (unit) => unit.tag,
    );
    const order = await confirmedOrder(
      t,
      'found-early@studio.example',
      [{ objectID: SEATS, quantity: 1 }],
      20,
      'Found Early',
    );
    await scan(order.id, { direction: 'out', code: `aviation/${tags[1]}` });
    await scan(order.id, { direction: 'in', code: `aviation/${tags[1]}`, condition: 'lost' });
    const lost = (await t.app.quoteRequests.get('aviation', order.id))!.hire!.charges!.find(
      (charge) => charge.kind === 'loss',
    )!;
    expect(lost.subtotal).toBe(2000);
    expect((await consoleApi('POST', `units/${tags[1]}/status`, { status: 'inService' })).statusCode).toBe(200);
    const after = (await t.app.quoteRequests.get('aviation', order.id))!.hire!.charges!.find(
      (charge) => charge.id === lost.id,
    )!;
    expect(after).toMatchObject({
      subtotal: 0,
      adjustment: { amount: -2000, reason: `Found after the hire: ${tags[1]} is back in service` },
    });
    const closed = await close(order.id);
    expect(closed.statusCode, closed.body).toBe(200);
    const invoice = (await t.app.invoices.forQuote('aviation', order.id)).find(
      (document) => document.kind === 'invoice',
    )!;
    expect(invoice.lines.find((line) => line.kind === 'loss')).toMatchObject({ amount: 0 });
  });

  it('closes with every counted case out and one lost', async () => {
    const order = await confirmedOrder(
      t,
      'lost-case@studio.example',
      [{ objectID: CASES, quantity: 10 }],
      10,
      'Lost Case',
    );
    await scan(order.id, { direction: 'out', code: CASES, count: 10 });
    await scan(order.id, { direction: 'in', code: CASES, count: 1, condition: 'lost' });
    await scan(order.id, { direction: 'in', code: CASES, count: 9 });
    const closed = await close(order.id);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(((await t.app.quoteRequests.get('aviation', order.id)) as QuoteRequest).state).toBe('closed');
  });
});
