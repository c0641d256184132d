/**
 * Mail, over real SMTP on 127.0.0.1 (smtp-server, parsed back with mailparser) and the real
 * outbox folder: each message of each kind, for both shipped tenants, has a plain-text and an
 * HTML part in the tenant's branding (name, logo at its own domain, primary colour, vendor
 * footer), comes from the tenant's name at its vendor's address, and escapes what visitors type.
 */
import type { QuoteRequest } from '../../schema/types.generated';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTenant } from '../../schema/node/loader';
import { themeCssVariables, type Theme } from '../../schema/theme';
import { OutboxMailer, SmtpMailer, type OutgoingMail } from '../../server/mail/mailer';
import {
  deniedMessage,
  magicLinkMessage,
  quoteConfirmationMessage,
  quoteRequestMessage,
  quoteUpdateMessage,
  senderOf,
  verifyEmailMessage,
  welcomeMessage,
  type MailContent,
} from '../../server/mail/messages';
import { storefrontConfiguration } from '../../schema/configuration/build-configuration';
import type { StorefrontConfiguration } from '../../schema/configuration/configuration';
import { tenantsDir } from '../helpers/paths';

const received: ParsedMail[] = [];
let smtp: SMTPServer;
let port: number;
let scratch: string;
const configurations = new Map<string, StorefrontConfiguration>();

beforeAll(async () => {
  for (const tenantId of ['aviation', 'platform']) {
    const report = await loadTenant(path.join(tenantsDir, tenantId));
    configurations.set(
      tenantId,
      storefrontConfiguration(tenantId, 'test', report.tenant!, { [`/assets/${tenantId}/logo.svg`]: 'abc123' }),
    );
  }
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((parsed) => (received.push(parsed), callback()), callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as { port: number }).port;
  scratch = await mkdtemp(path.join(tmpdir(), 'backlot-mail-'));
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await rm(scratch, { recursive: true, force: true });
});

const HOSTILE = '<img src=x onerror=alert(1)>';
const QUOTE: QuoteRequest = {
  id: 'q-1',
  tenantId: 'aviation',
  uid: 'u-1',
  email: 'dp@studio.example',
  lines: [{ objectID: 'galley-cart', name: 'Atlas Galley Cart <b>', quantity: 2, dayRate: 85, weekRate: 255 }],
  startDate: '2026-12-01',
  endDate: '2026-12-05',
  production: 'Red Eye 2',
  notes: 'Stage 4 & 5',
  createdAt: '2026-11-24T10:00:00Z',
};
const kinds: Array<[string, (configuration: StorefrontConfiguration) => MailContent]> = [
  [
    'magicLink',
    (configuration) =>
      magicLinkMessage(
        configuration,
        { email: 'dp@studio.example', displayName: HOSTILE },
        `https://${configuration.site.domain}/auth/link?code=abc`,
        15,
      ),
  ],
  [
    'verifyEmail',
    (configuration) =>
      verifyEmailMessage(
        configuration,
        { email: 'dp@studio.example', displayName: HOSTILE },
        `https://${configuration.site.domain}/auth/link?code=abc`,
        24,
      ),
  ],
  ['welcome', (configuration) => welcomeMessage(configuration, { email: 'dp@studio.example', displayName: HOSTILE })],
  ['denied', (configuration) => deniedMessage(configuration, { email: 'dp@studio.example', displayName: HOSTILE })],
  [
    'quoteConfirmation',
    (configuration) =>
      quoteConfirmationMessage(configuration, { email: 'dp@studio.example', displayName: HOSTILE }, QUOTE),
  ],
  ['quoteRequest', (configuration) => quoteRequestMessage(configuration, { ...QUOTE, name: HOSTILE })],
];

const mailOf = (tenantId: string, content: MailContent): OutgoingMail => ({
  ...content,
  to: 'dp@studio.example',
  from: senderOf(configurations.get(tenantId)!),
  tenantId,
});

describe.each(['aviation', 'platform'])('mail for %s', (tenantId) => {
  it.each(kinds)('%s: text and HTML parts in the tenant branding, over SMTP', async (kind, build) => {
    const configuration = configurations.get(tenantId)!;
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`);
    const before = received.length;
    await mailer.send(mailOf(tenantId, build(configuration)));
    await mailer.close();
    const mail = received[before]!;
    expect(mail.subject).toContain(configuration.site.appTitle);
    expect(mail.from?.value[0]).toEqual({ name: configuration.site.appTitle, address: configuration.vendor.email });
    expect(mail.headers.get('x-backlot-kind')).toBe(kind);
    expect(mail.text).toContain(configuration.site.appTitle);
    expect(mail.text).toContain(configuration.vendor.email);
    const html = String(mail.html);
    // The header bar as the storefront draws it; the button in the primary colour.
    expect(html).toContain(
      `background:${themeCssVariables(configuration.site.theme as Theme)['--color-header-background']}`,
    );
    if (kind !== 'denied' && kind !== 'quoteRequest')
      expect(html).toContain(`background:${configuration.site.theme!.primaryColor};color:#ffffff`);
    expect(html).toContain(`src="https://${configuration.site.domain}/assets/${tenantId}/logo.svg?v=abc123"`);
    // What a visitor typed is text: shown, never markup.
    expect(html).not.toContain('<img src=x');
    if (kind.startsWith('quote')) {
      // The lines in the tenant's currency; typed text escaped.
      expect(mail.text).toContain('2 × Atlas Galley Cart <b>, $85.00 a day or $255.00 a week.');
      expect(html).toContain('Atlas Galley Cart &#60;b&#62;');
      // Dates as the tenant's locale writes them.
      expect(mail.text).toContain(
        `Dates: ${new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(new Date('2026-12-01T00:00:00Z'), new Date('2026-12-05T00:00:00Z'))}.`,
      );
    }
    if (kind === 'quoteRequest') {
      expect(mail.subject).toBe(
        `New quote request on ${configuration.site.appTitle} from ${HOSTILE} (dp@studio.example)`,
      );
      return;
    }
    expect(mail.text).toContain(`Hello ${HOSTILE},`);
    expect(html).toContain('Hello &#60;img src=x onerror=alert(1)&#62;,');
    if (kind === 'magicLink' || kind === 'verifyEmail') {
      expect(mail.text).toContain(`https://${configuration.site.domain}/auth/link?code=abc`);
      expect(html).toContain(`href="https://${configuration.site.domain}/auth/link?code=abc"`);
    }
  });
});

describe('a step after the request', () => {
  const quoted: QuoteRequest = {
    ...QUOTE,
    production: HOSTILE,
    state: 'quoted',
    versions: [
      {
        version: 2,
        sentAt: '2026-11-25T10:00:00Z',
        expiresOn: '2026-12-09',
        pricing: { adjustments: {}, services: [] },
        breakdown: {
          days: 5,
          lines: [],
          rentalSubtotal: 1234.5,
          servicesSubtotal: 0,
          total: 1234.5,
          missingGlCodes: [],
        },
      },
    ],
  };

  it('tells the visitor of a quote with its total, validity and a link to it, their typed text escaped', () => {
    const configuration = configurations.get('aviation')!;
    const first = { ...quoted, versions: quoted.versions!.map((version) => ({ ...version, version: 1 })) };
    const mail = quoteUpdateMessage(configuration, first, 'quote', 'visitor');
    const dates = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(
      new Date('2026-12-01T00:00:00Z'),
      new Date('2026-12-05T00:00:00Z'),
    );
    expect(mail.subject).toBe('Your quote from Jetway Props: $1,234.50');
    expect(mail.text).toContain(
      `Jetway Props priced your request for ${HOSTILE} (${dates}): $1,234.50 in all, open until Dec 9, 2026.`,
    );
    // A second version says it is one.
    const revised = quoteUpdateMessage(configuration, quoted, 'quote', 'visitor');
    expect(revised.subject).toBe('A revised quote (version 2) from Jetway Props: $1,234.50');
    expect(revised.text).toContain('It replaces the earlier version: read this one before you accept.');
    expect(mail.text).toContain(`Open your quote: https://${configuration.site.domain}/quotes/q-1`);
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain(`href="https://${configuration.site.domain}/quotes/q-1"`);
  });

  it('says a total with the tenant’s tax in it, named, where it charges tax', () => {
    const configuration = configurations.get('aviation')!;
    const due = { net: 1234.5, tax: 246.9, processing: 0, total: 1481.4, taxName: 'VAT', taxRate: 20 };
    const mail = quoteUpdateMessage(configuration, quoted, 'quote', 'visitor', { due });
    expect(mail.subject).toBe('A revised quote (version 2) from Jetway Props: $1,481.40 with VAT');
    expect(mail.text).toContain(': $1,481.40 with VAT in all, open until Dec 9, 2026.');
    expect(
      quoteUpdateMessage(configuration, { ...quoted, state: 'confirmed' }, 'confirm', 'visitor', { due }).subject,
    ).toBe('Your order with Jetway Props is confirmed: $1,481.40 with VAT');
  });

  it("tells the vendor what the visitor did, with a link to the console and none into the visitor's account", () => {
    const configuration = configurations.get('aviation')!;
    const mail = quoteUpdateMessage(configuration, { ...quoted, name: 'Dana' }, 'accept', 'vendor');
    expect(mail.subject).toBe('Dana (dp@studio.example) accepted quote version 2');
    expect(mail.text).toContain('Confirm it in the console to reserve the items.');
    expect(mail.text).not.toContain('/quotes/');
    // It links to the request in the console instead.
    expect(mail.text).toContain(`/admin/#/t/aviation/quote-requests/q-1`);
  });
});

describe('the outbox', () => {
  it('keeps each message as a complete MIME file, listed newest first', async () => {
    const outbox = new OutboxMailer(path.join(scratch, 'outbox'));
    await outbox.send(
      mailOf('aviation', welcomeMessage(configurations.get('aviation')!, { email: 'dp@studio.example' })),
    );
    await outbox.send(
      mailOf('platform', deniedMessage(configurations.get('platform')!, { email: 'dp@studio.example' })),
    );
    const entries = await outbox.list();
    expect(entries.map((entry) => [entry.tenantId, entry.kind, entry.to])).toEqual([
      ['platform', 'denied', 'dp@studio.example'],
      ['aviation', 'welcome', 'dp@studio.example'],
    ]);
    const parsed = await simpleParser(await readFile(path.join(outbox.dir, entries[1]!.file)));
    expect(parsed.subject).toBe('Welcome to Jetway Props: your account is approved');
    expect(parsed.text).toContain('Your account is approved.');
    expect(String(parsed.html)).toContain('<h1');
    await outbox.close();
  });
});
