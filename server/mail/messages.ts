/**
 * The messages Backlot mails visitors, each with a plain-text and an HTML part, in the tenant's
 * branding: its name, logo and primary colour, its vendor's address and contact, and links to
 * its own domain. Everything a visitor or an admin typed is escaped in the HTML. Pure: the
 * configuration is the storefront's (schema defaults filled in), so a bare tenant still looks right.
 */
import { hireTotals, quotedTotal } from '../../schema/rental/hire-charges';
import { assetHref, type StorefrontConfiguration } from '../../schema/configuration/configuration';
import { escapeHtml } from '../../schema/display/escape';
import { addressLines } from '../../schema/display/contact';
import { formatDay, formatDays, formatMoment, formatMoney } from '../../schema/display/format';
import { ordinal, pencilExpiresOn } from '../../schema/rental/holds';
import { quoteHref } from '../../schema/routes';
import { isOrderState, type QuoteAction } from '../../schema/rental/quote-states';
import type { QuoteDue } from '../../schema/rental/invoices';
import type { ConversationMessage, Invoice, QuoteRequest, QuoteVersion } from '../../schema/types.generated';
import { themeCssVariables, type Theme } from '../../schema/theme';

export type MailKind =
  | 'magicLink'
  | 'verifyEmail'
  | 'emailChange'
  | 'emailChanged'
  | 'welcome'
  | 'denied'
  | 'quoteRequest'
  | 'quoteConfirmation'
  | 'quoteUpdate'
  | 'hireOverdue'
  | 'cardHoldRenewal'
  | 'cardWanted'
  | 'creditNote'
  | 'houseApplication'
  | 'houseApproved'
  | 'houseRefused'
  | 'paymentReminder'
  | 'statement'
  | 'joinRequest'
  | 'joinDecided'
  | 'subHireLost'
  | 'subHireStranded'
  | 'productionWaiting'
  | 'accountMember'
  | 'conversationMessage'
  | 'certificateRefused'
  | 'holdMoved'
  | 'challengeAnswered'
  | 'certificateEnding'
  | 'agreementSigned';

export interface MailContent {
  kind: MailKind;
  subject: string;
  text: string;
  html: string;
  /** Files sent with it (a statement's PDF, the invoice a reminder is about). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** A PDF attached to a mail. */
export const pdf = (filename: string, content: Buffer): MailAttachment => ({
  filename,
  content,
  contentType: 'application/pdf',
});

export interface Recipient {
  email: string;
  displayName?: string;
}

const origin = (configuration: StorefrontConfiguration) => `https://${configuration.site.domain}`;

function footerLines(configuration: StorefrontConfiguration): string[] {
  const { vendor } = configuration;
  // The address as the contact page writes it, on one line.
  const address = addressLines(vendor.address).join(', ') || undefined;
  return [vendor.legalName ?? vendor.name, address, [vendor.phone, vendor.email].filter(Boolean).join(' · ')].filter(
    (line): line is string => Boolean(line),
  );
}

/** The shared frame: logo on the header colour, the body, a button, the vendor's footer. */
function html(
  configuration: StorefrontConfiguration,
  { heading, paragraphs, action }: { heading: string; paragraphs: string[]; action?: { label: string; url: string } },
): string {
  const { site } = configuration;
  // Filled in from the schema's defaults by the storefront configuration.
  const theme = site.theme as Theme;
  // The header bar as the storefront draws it (light, dark or brand), so the logo made for it shows.
  const header = themeCssVariables(theme);
  const logo = assetHref(configuration, site.headerLogo?.url);
  const brand = logo
    ? `<img src="${escapeHtml(/^https?:/.test(logo) ? logo : origin(configuration) + logo)}" alt="${escapeHtml(site.headerLogo?.alt ?? site.appTitle)}" height="${site.headerLogo?.height ?? 40}" style="display:block;border:0;max-width:100%">`
    : `<strong style="font-size:20px;color:${header['--color-header-text']}">${escapeHtml(site.appTitle)}</strong>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;background:${theme.primaryColor};color:#ffffff;text-decoration:none;border-radius:${theme.cornerRadius}px;font-weight:600">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#555555">If the button does not work, paste this address into your browser: ${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html lang="${escapeHtml(site.locale ?? 'en')}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;background:#f4f4f4;font-family:${escapeHtml(theme.fontStack)};color:${theme.textColor}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:${theme.backgroundColor}">
<tr><td style="padding:20px 24px;background:${header['--color-header-background']};border-bottom:1px solid #dddddd">${brand}</td></tr>
<tr><td style="padding:24px"><h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(heading)}</h1>${paragraphs.map((paragraph) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(paragraph)}</p>`).join('')}${button}</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#555555;border-top:1px solid #dddddd">${footerLines(configuration).map(escapeHtml).join('<br>')}</td></tr>
</table></td></tr></table></body></html>`;
}

function text(
  configuration: StorefrontConfiguration,
  { heading, paragraphs, action }: { heading: string; paragraphs: string[]; action?: { label: string; url: string } },
): string {
  return [
    heading,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    '—',
    ...footerLines(configuration),
  ].join('\n');
}

export function message(
  kind: MailKind,
  configuration: StorefrontConfiguration,
  subject: string,
  body: { heading: string; paragraphs: string[]; action?: { label: string; url: string } },
): MailContent {
  return { kind, subject, text: text(configuration, body), html: html(configuration, body) };
}

/** Who a tenant's mail comes from: its name, at its vendor's address. */
export function senderOf(configuration: StorefrontConfiguration): { name: string; address: string } {
  return { name: configuration.site.appTitle, address: configuration.vendor.email };
}

const greeting = (to: Recipient) => (to.displayName ? `Hello ${to.displayName},` : 'Hello,');

/** A sign-in link; `link` is the full address the visitor follows. */
export function magicLinkMessage(
  configuration: StorefrontConfiguration,
  to: Recipient,
  link: string,
  validMinutes: number,
): MailContent {
  const { appTitle } = configuration.site;
  return message('magicLink', configuration, `Your sign-in link for ${appTitle}`, {
    heading: `Sign in to ${appTitle}`,
    paragraphs: [
      greeting(to),
      `Follow this link to sign in. It works once, for the next ${validMinutes} minutes.`,
      'If you did not ask for it, ignore this message: nobody can sign in without the link.',
    ],
    action: { label: `Sign in to ${appTitle}`, url: link },
  });
}

/** A link that proves the visitor owns the address (after sign-up, or a change of email). */
export function verifyEmailMessage(
  configuration: StorefrontConfiguration,
  to: Recipient,
  link: string,
  validHours: number,
): MailContent {
  const { appTitle } = configuration.site;
  return message('verifyEmail', configuration, `Confirm your email address for ${appTitle}`, {
    heading: 'Confirm your email address',
    paragraphs: [
      greeting(to),
      `Follow this link to confirm that ${to.email} is yours. It works for the next ${validHours} hours.`,
      `If you did not sign up for ${appTitle}, ignore this message: nothing happens without the link.`,
    ],
    action: { label: 'Confirm my email address', url: link },
  });
}

/** To the new address of an email change: nothing changes until this link is followed. */
export function emailChangeMessage(
  configuration: StorefrontConfiguration,
  to: Recipient,
  from: string,
  link: string,
  validHours: number,
): MailContent {
  const { appTitle } = configuration.site;
  return message('emailChange', configuration, `Confirm your new email address for ${appTitle}`, {
    heading: 'Confirm your new email address',
    paragraphs: [
      greeting(to),
      `You asked to log in to ${appTitle} with ${to.email} instead of ${from}. Follow this link to make the change. It works once, for the next ${validHours} hours.`,
      `Until then, ${from} stays your address. If you did not ask for this, ignore this message: nothing changes without the link.`,
    ],
    action: { label: 'Use this email address', url: link },
  });
}

/** To the old address once a change has taken effect: what happened, and a week to undo it. */
export function emailChangedMessage(
  configuration: StorefrontConfiguration,
  to: Recipient,
  newEmail: string,
  undoLink: string,
  validDays: number,
): MailContent {
  const { appTitle } = configuration.site;
  return message('emailChanged', configuration, `Your ${appTitle} email address was changed`, {
    heading: 'Your email address was changed',
    paragraphs: [
      greeting(to),
      `Your ${appTitle} account now logs in with ${newEmail}, confirmed from that address. Company accounts that listed ${to.email} no longer let it order until the house adds the new address.`,
      `If you did not make this change, follow the link below within ${validDays} days: it puts ${to.email} back and signs every browser out. Then choose a new password.`,
    ],
    action: { label: `Put ${to.email} back`, url: undoLink },
  });
}

/** Sent once, when the vendor approves the account. */
export function welcomeMessage(configuration: StorefrontConfiguration, to: Recipient): MailContent {
  const { appTitle, request } = configuration.site;
  return message('welcome', configuration, `Welcome to ${appTitle}: your account is approved`, {
    heading: `Welcome to ${appTitle}`,
    paragraphs: [
      greeting(to),
      `Your account is approved. You can now build set lists, share them with your team and ask for a ${(request ?? 'Quote').toLowerCase()}.`,
    ],
    action: { label: 'Browse the catalogue', url: `${origin(configuration)}/rentals` },
  });
}

/** To a house's admin when it asks to be listed (the platform's mail). */
export function houseApplicationMessage(configuration: StorefrontConfiguration, house: string): MailContent {
  const { appTitle } = configuration.site;
  return message('houseApplication', configuration, `${house} on ${appTitle}: we have your application`, {
    heading: `Thanks for applying, ${house}`,
    paragraphs: [
      `We have ${house}'s application to be listed on ${appTitle}. Platform staff check every house; you will hear from us at this address, usually within a working day.`,
    ],
  });
}

/** To a house's admin once it is approved: the one-time link that opens its console. */
export function houseApprovedMessage(
  configuration: StorefrontConfiguration,
  house: string,
  link: string,
  days: number,
): MailContent {
  const { appTitle } = configuration.site;
  return message('houseApproved', configuration, `${house} is approved on ${appTitle}`, {
    heading: `${house} is approved`,
    paragraphs: [
      `Your house's console is ready. Follow the link to choose your password; it works once, for ${days} days.`,
      `The console opens on Items → Import: bring your spreadsheet of stock, then switch "Listed in the marketplace" on in Vendor to appear to productions on ${appTitle}.`,
    ],
    action: { label: 'Open your console', url: link },
  });
}

/** To a house's admin when platform staff refuse it, with their reason. */
export function houseRefusedMessage(
  configuration: StorefrontConfiguration,
  house: string,
  reason: string,
): MailContent {
  const { appTitle } = configuration.site;
  return message('houseRefused', configuration, `${house} on ${appTitle}`, {
    heading: 'About your application',
    paragraphs: [
      `We could not list ${house} on ${appTitle}.`,
      reason,
      `Reply to this email if you would like to talk it through.`,
    ],
  });
}

/** Sent once, when the vendor declines the account. */
export function deniedMessage(configuration: StorefrontConfiguration, to: Recipient): MailContent {
  const { appTitle } = configuration.site;
  const { email, phone } = configuration.vendor;
  return message('denied', configuration, `Your ${appTitle} account`, {
    heading: 'About your account',
    paragraphs: [
      greeting(to),
      `We could not approve your ${appTitle} account.`,
      `If you think this is a mistake, contact us${[email, phone].filter(Boolean).length ? ` at ${[email, phone].filter(Boolean).join(' or ')}` : ''}.`,
    ],
  });
}

/** A quote request's lines and dates as sentences ("2 × Atlas Galley Cart, $85.00 a day"). */
function quoteParagraphs(configuration: StorefrontConfiguration, request: QuoteRequest): string[] {
  const { site } = configuration;
  const money = (amount: number) => formatMoney(amount, site);
  return [
    `Dates: ${formatDays(request.startDate, request.endDate, site)}.`,
    ...request.lines.map(
      (line) =>
        `${line.quantity} × ${line.name}, ${money(line.dayRate)} a day${line.weekRate !== undefined ? ` or ${money(line.weekRate)} a week` : ''}.`,
    ),
    ...(request.production ? [`Production: ${request.production}.`] : []),
    ...(request.studio ? [`Studio: ${request.studio}.`] : []),
    ...(request.notes ? [`Notes: ${request.notes}`] : []),
  ];
}

/** To the vendor: a visitor asks for a quote (the verb is the tenant's, site.request). */
export function quoteRequestMessage(configuration: StorefrontConfiguration, request: QuoteRequest): MailContent {
  const verb = (configuration.site.request ?? 'Quote').toLowerCase();
  const who = request.name ? `${request.name} (${request.email})` : request.email;
  return message('quoteRequest', configuration, `New ${verb} request on ${configuration.site.appTitle} from ${who}`, {
    heading: `A new ${verb} request`,
    paragraphs: [
      `${who} asks for a ${verb}. Reply to them at ${request.email}.`,
      ...quoteParagraphs(configuration, request),
    ],
    action: { label: 'Open it in the console', url: consoleHref(configuration, request) },
  });
}

/**
 * Where the visitor follows its request: its page on the storefront; for another house's sub-hire,
 * that house's own order in its console (no one signs in as the house on this storefront); for a
 * production request's part, its page on the platform, where the production is signed in (it
 * opens the request here, signed in).
 */
const visitorHref = (configuration: StorefrontConfiguration, request: QuoteRequest) =>
  request.subHire?.consoleUrl ?? request.platformPage ?? `${origin(configuration)}${quoteHref(request.id)}`;

/** The request's page in the console, on the tenant's own address. */
const consoleHref = (configuration: StorefrontConfiguration, request: QuoteRequest) =>
  `${origin(configuration)}/admin/#/t/${configuration.tenantId}/quote-requests/${encodeURIComponent(request.id)}`;

/**
 * To the other side of a request's conversation: who wrote, the message as they typed it (escaped
 * in the HTML), and the link back to the conversation (a reply by mail is not read).
 */
export function conversationMessageMail(
  configuration: StorefrontConfiguration,
  request: QuoteRequest,
  written: ConversationMessage,
): MailContent {
  const { site, vendor } = configuration;
  const verb = (site.request ?? 'Quote').toLowerCase();
  const toHouse = written.side === 'production';
  const about = request.production ?? `the ${verb} request of ${formatDay(request.createdAt.slice(0, 10), site)}`;
  const from = toHouse ? `${written.author.name} (${request.email})` : vendor.displayName;
  return message('conversationMessage', configuration, `${toHouse ? written.author.name : from} wrote about ${about}`, {
    heading: `A message from ${from}`,
    paragraphs: [
      ...written.text.split(/\n+/).filter((line) => line.trim()),
      'Answer in the conversation: a reply to this mail is not read.',
    ],
    action: toHouse
      ? { label: 'Answer in the console', url: consoleHref(configuration, request) }
      : { label: 'Answer on your request', url: visitorHref(configuration, request) },
  });
}

/** To the production: the house refused its certificate of insurance, and why; a new one is uploaded from the request's page. */
export function certificateRefusedMessage(configuration: StorefrontConfiguration, request: QuoteRequest): MailContent {
  const { vendor } = configuration;
  const about = request.production ?? formatDays(request.startDate, request.endDate, configuration.site);
  return message('certificateRefused', configuration, `${vendor.displayName} refused your certificate of insurance`, {
    heading: 'Your certificate of insurance was refused',
    paragraphs: [
      `${vendor.displayName} refused the certificate of insurance on ${about}: ${request.insurance?.review?.note ?? 'no reason given'}.`,
      'Nothing goes out until a certificate they accept is on the order. Upload a new one from your request’s page.',
    ],
    action: { label: 'Upload a new certificate', url: visitorHref(configuration, request) },
  });
}

/** To the production: its copy of the rental agreement it signed on accepting (the PDF goes with it). */
export function agreementCopyMessage(configuration: StorefrontConfiguration, order: QuoteRequest): MailContent {
  const { vendor, site } = configuration;
  const about = order.production ?? formatDays(order.startDate, order.endDate, site);
  return message('agreementSigned', configuration, `Your signed rental agreement with ${vendor.displayName}`, {
    heading: 'Your signed rental agreement',
    paragraphs: [
      `You signed ${vendor.displayName}'s rental terms (version ${order.agreement!.termsVersion}) for ${about} as ${order.agreement!.name}. Your copy is attached as a PDF.`,
      `${vendor.displayName} confirms the order next.`,
    ],
    action: { label: 'Open your order', url: visitorHref(configuration, order) },
  });
}

/** A certificate of insurance ending before its order's hire does, `left` days from today: to the production (send a new one) or to the house. */
export function certificateEndingMessage(
  configuration: StorefrontConfiguration,
  order: QuoteRequest,
  left: number,
  to: 'visitor' | 'vendor',
): MailContent {
  const { vendor, site } = configuration;
  const ends = formatDay(order.insurance!.expiresOn, site);
  const about = order.production ?? formatDays(order.startDate, order.endDate, site);
  const when = left === 0 ? 'today' : left === 1 ? 'tomorrow' : `in ${left} days`;
  const hireEnds = formatDay(order.endDate, site);
  return message(
    'certificateEnding',
    configuration,
    to === 'visitor'
      ? `Your certificate of insurance ends ${when}, before your hire with ${vendor.displayName}`
      : `${about}'s certificate of insurance ends ${when}, before the hire does`,
    {
      heading: `The certificate of insurance ends on ${ends}`,
      paragraphs:
        to === 'visitor'
          ? [
              `The certificate of insurance on ${about} ends on ${ends}; the hire ends on ${hireEnds}.`,
              `Upload a certificate that covers the whole hire on your order's page: without one, nothing more goes out after ${ends}.`,
            ]
          : [
              `The certificate of insurance on ${about} ends on ${ends}; the hire ends on ${hireEnds}. The production was asked for a new one.`,
            ],
      action:
        to === 'visitor'
          ? { label: 'Upload a new certificate', url: visitorHref(configuration, order) }
          : { label: 'Open it in the console', url: consoleHref(configuration, order) },
    },
  );
}

/** To a production whose hold moved up because one ahead of it was released: its rank now. */
export function holdMovedMessage(
  configuration: StorefrontConfiguration,
  request: QuoteRequest,
  rank: number,
  why: 'released' | 'passed' = 'released',
): MailContent {
  const { vendor, site } = configuration;
  const about = request.production ?? formatDays(request.startDate, request.endDate, site);
  const first = rank <= 1;
  if (why === 'passed')
    return message(
      'holdMoved',
      configuration,
      `Your hold with ${vendor.displayName} is now the ${ordinal(rank)} hold`,
      {
        heading: `Your hold is now the ${ordinal(rank)} hold`,
        paragraphs: [
          `${vendor.displayName} moved another production's hold ahead of yours on ${about}: yours is the ${ordinal(rank)} hold on its items now.`,
          'Your hold stands until its last day. If you want to confirm, accept the quote: the holds ahead of yours are asked to confirm or let go.',
        ],
        action: { label: 'Open your request', url: visitorHref(configuration, request) },
      },
    );
  return message(
    'holdMoved',
    configuration,
    first ? `Your hold with ${vendor.displayName} is now first` : `Your hold with ${vendor.displayName} moved up`,
    {
      heading: first ? 'Your hold is now the first hold' : `Your hold is now the ${ordinal(rank)} hold`,
      paragraphs: [
        `A hold ahead of yours on ${about} was released, so yours moved up: it is the ${ordinal(rank)} hold on its items now.`,
        first
          ? `Nobody is ahead of you: accept the quote when you are ready, and ${vendor.displayName} confirms your order.`
          : 'Holds ahead of yours are asked to confirm or let go when you want to confirm.',
      ],
      action: { label: 'Open your request', url: visitorHref(configuration, request) },
    },
  );
}

/**
 * A challenge answered (the hold ahead confirmed, or was released by its holder or by silence):
 * to the house, which may now confirm the challenger (or tell it no), and to the challenger.
 */
export function challengeAnsweredMessage(
  configuration: StorefrontConfiguration,
  holder: QuoteRequest,
  challenger: QuoteRequest,
  to: 'vendor' | 'visitor',
): MailContent {
  const { vendor, site } = configuration;
  const confirmed = holder.hold === 'order';
  const theirs = challenger.production ?? formatDays(challenger.startDate, challenger.endDate, site);
  const holderName = holder.production ?? holder.name ?? holder.email;
  const outcome = confirmed ? 'confirmed their order' : 'was released';
  if (to === 'vendor')
    return message('challengeAnswered', configuration, `The hold you challenged ${outcome}`, {
      heading: `Challenge answered: ${holderName}'s hold ${outcome}`,
      paragraphs: [
        confirmed
          ? `${holderName} confirmed: the items are theirs, and ${theirs} is short on them. Tell its production, or offer other dates.`
          : `${holderName}'s hold was released, so nothing ahead of ${theirs} holds these items now: you can confirm it.`,
      ],
      action: { label: 'Open it in the console', url: consoleHref(configuration, challenger) },
    });
  return message(
    'challengeAnswered',
    configuration,
    confirmed
      ? `The production ahead of you confirmed with ${vendor.displayName}`
      : `The hold ahead of yours with ${vendor.displayName} was released`,
    {
      heading: confirmed ? 'The production ahead of you confirmed' : 'The hold ahead of yours was released',
      paragraphs: [
        confirmed
          ? `The production holding the items ahead of ${theirs} confirmed its order, so they are not free on your dates. ${vendor.displayName} will be in touch about other dates or pieces.`
          : `The production holding the items ahead of ${theirs} let them go. ${vendor.displayName} can confirm your order now.`,
      ],
      action: { label: 'Open your request', url: visitorHref(configuration, challenger) },
    },
  );
}

/** A priced version, line by line as the visitor's quote page shows it, with the vendor's message. */
function versionParagraphs(configuration: StorefrontConfiguration, version: QuoteVersion): string[] {
  const money = (amount: number) => formatMoney(amount, configuration.site);
  const { breakdown } = version;
  return [
    ...breakdown.lines.map(
      (line) =>
        `${line.quantity} × ${line.name}: ${money(line.subtotal)}${line.adjustment ? ` (${line.adjustment.amount < 0 ? 'less' : 'plus'} ${money(Math.abs(line.adjustment.amount))}: ${line.adjustment.reason})` : ''}.`,
    ),
    `Rentals ${money(breakdown.rentalSubtotal)}, services ${money(breakdown.servicesSubtotal)}: ${money(breakdown.total)} in all.`,
    ...(version.pricing.message ? [`${configuration.vendor.displayName} writes: ${version.pricing.message}`] : []),
  ];
}

/** To the visitor: what they asked for, and that the vendor replies. */
export function quoteConfirmationMessage(
  configuration: StorefrontConfiguration,
  to: Recipient,
  request: QuoteRequest,
): MailContent {
  const { appTitle, request: verb = 'Quote' } = configuration.site;
  return message('quoteConfirmation', configuration, `Your ${verb.toLowerCase()} request to ${appTitle}`, {
    heading: `We have your ${verb.toLowerCase()} request`,
    paragraphs: [
      greeting(to),
      `${configuration.vendor.displayName} will reply by email with a ${verb.toLowerCase()}. Here is what you asked for:`,
      ...quoteParagraphs(configuration, request),
    ],
    action: { label: `Open your ${verb.toLowerCase()} request`, url: visitorHref(configuration, request) },
  });
}

/**
 * A step in the conversation after a request, to the side that did not take it: the visitor hears
 * of quotes, holds, confirmations and cancellations by the vendor (with a link to the quote's page);
 * the vendor hears of acceptances, declines and cancellations by the visitor.
 */
/** What came back damaged or lost on a hire, said after "back": empty when all came back fine. */
function hireDamage(request: QuoteRequest): string {
  const lines = request.hire?.lines ?? [];
  const damaged = lines.reduce((sum, line) => sum + (line.damaged ?? 0), 0);
  const lost = lines.reduce((sum, line) => sum + (line.lost ?? 0), 0);
  const said = [damaged && `${damaged} damaged`, lost && `${lost} lost`].filter(Boolean);
  return said.length ? ` (${said.join(', ')}: see your order)` : '';
}

/** Charges found at check-in (late days, damage, losses), in one sentence with the order's total now; empty when none. */
function chargesSaid(request: QuoteRequest, money: (amount: number) => string): string {
  const charges = request.hire?.charges ?? [];
  if (!charges.length) return '';
  const totals = hireTotals(quotedTotal(request), charges);
  return ` Charges after the hire come to ${money(totals.charges)}, so the order is ${money(totals.total)} in all: your order page explains each one.`;
}

/** A document's address for the visitor: their order's invoice as a PDF (they are asked to log in first if they are not). */
const documentHref = (configuration: StorefrontConfiguration, document: Pick<Invoice, 'quoteId' | 'number'>) =>
  `${origin(configuration)}/api/quotes/${encodeURIComponent(document.quoteId)}/invoices/${encodeURIComponent(document.number)}/pdf`;

/** What a closed hire came to and what moved on the card: the invoice's total, what was charged, what was released, anything still due. */
function closedParagraphs(
  configuration: StorefrontConfiguration,
  request: QuoteRequest,
  invoice: Invoice | undefined,
): string[] {
  const money = (amount: number) => formatMoney(amount, configuration.site);
  if (!invoice) return [];
  const charges = request.hire?.charges ?? [];
  const added = charges.reduce((sum, charge) => sum + charge.subtotal, 0);
  const hold = request.cardHold;
  const charged = hold?.captured ?? (hold?.pending?.action === 'capture' ? hold.pending.amount : undefined);
  return [
    `It came to ${money(invoice.total)} in all (invoice ${invoice.number}): the hire as quoted${added ? `, and ${money(added)} of charges after it (${charges.map((charge) => charge.name).join(', ')})` : ''}${invoice.taxes.length ? `, with ${invoice.taxes.map((tax) => tax.name).join(' and ')}` : ''}.`,
    ...(charged !== undefined && hold
      ? [
          `${money(charged)} ${hold.captured !== undefined ? 'was charged' : 'is being charged'} to your card for it${hold.amount > charged ? `; the rest of the ${money(hold.amount)} hold is released` : ''}.`,
        ]
      : []),
    ...(invoice.balance > 0
      ? [
          `${money(invoice.balance)} is still due, by ${formatDay(invoice.dueDate, configuration.site)}: the invoice says how to pay it.`,
        ]
      : []),
  ];
}

/** A quote's total as the visitor pays it (dueLines' last line, as the quote page ends on it): with the tenant's tax named, when it has one. */
function dueSaid(
  money: (amount: number) => string,
  version: QuoteVersion | undefined,
  due: QuoteDue | undefined,
): string {
  if (due) return due.tax > 0 ? `${money(due.total)} with ${due.taxName}` : money(due.total);
  return version ? money(version.breakdown.total) : '';
}

/**
 * `documents`: what was issued for the order (the invoice a close issued, for its mail); `due`:
 * the latest version's total with tax, for subjects in a tenant that charges tax.
 */
export function quoteUpdateMessage(
  configuration: StorefrontConfiguration,
  request: QuoteRequest,
  action: QuoteAction,
  to: 'visitor' | 'vendor',
  extra: { documents?: readonly Invoice[]; due?: QuoteDue } = {},
): MailContent {
  const { site, vendor } = configuration;
  const money = (amount: number) => formatMoney(amount, site);
  const total = dueSaid(money, request.versions?.at(-1), extra.due);
  const invoice =
    action === 'close'
      ? extra.documents?.find((document) => document.kind === 'invoice' && document.quoteId === request.id)
      : undefined;
  const verb = (site.request ?? 'Quote').toLowerCase();
  const version = request.versions?.at(-1);
  const day = (date: string) => formatDay(date, site);
  const dates = formatDays(request.startDate, request.endDate, site);
  const revised = version !== undefined && version.version > 1;
  // A pencil lapses on its hold's last day, or its quote's if sooner.
  const holdEnds = request.hold === 'pencil' ? pencilExpiresOn(request) : undefined;
  const challenge = request.pencil?.challenge;
  const reason = request.history?.at(-1)?.note;
  const what = request.production ? `${request.production} (${dates})` : dates;
  const who = request.name ? `${request.name} (${request.email})` : request.email;
  const visitorWords: Partial<Record<QuoteAction, [string, string]>> = {
    quote: [
      `${revised ? `A revised ${verb} (version ${version.version})` : `Your ${verb}`} from ${vendor.displayName}${version ? `: ${total}` : ''}`,
      `${vendor.displayName} ${revised ? `revised the ${verb} for` : 'priced your request for'} ${what}${version ? `: ${total} in all, open until ${day(version.expiresOn)}` : ''}.${revised ? ' It replaces the earlier version: read this one before you accept.' : ' Read it line by line, then accept or decline it.'}`,
    ],
    hold: [
      `${vendor.displayName} is holding your items`,
      `${vendor.displayName} pencilled your items for ${what}${holdEnds ? `, until the end of ${day(holdEnds)}` : ''}. A hold is not an order: if another production wants them, ${vendor.displayName} asks you to confirm or let them go.`,
    ],
    release: [
      `The hold on your items was released`,
      reason
        ? `The hold on your items for ${what} was released: ${reason}.`
        : `${vendor.displayName} released the hold on your items for ${what}.`,
    ],
    extend: [
      `${vendor.displayName} extended your hold`,
      `${vendor.displayName} extended the hold on your items for ${what}${holdEnds ? ` to the end of ${day(holdEnds)}` : ''}.`,
    ],
    reorder: [
      `${vendor.displayName} moved your hold up`,
      `${vendor.displayName} moved your hold on ${what} up the queue, ahead of another production's. Open your request to see its rank now.`,
    ],
    challenge: [
      `Another production wants the items you hold: confirm or release`,
      `Another production wants the items you hold with ${vendor.displayName} for ${what}. Accept the quote to confirm your order, or release the hold${challenge ? `, by ${formatMoment(challenge.answerBy, site, vendor.timezone ?? 'UTC')}` : ''}. If ${vendor.displayName} hears nothing by then, the hold is released.`,
    ],
    confirm: [
      `Your order with ${vendor.displayName} is confirmed${version ? `: ${total}` : ''}`,
      `${vendor.displayName} confirmed your order for ${what}. The items are reserved for you.`,
    ],
    cancel: [
      `Your ${request.hold === 'none' && request.history?.some((entry) => entry.action === 'confirm') ? 'order' : 'request'} with ${vendor.displayName} was cancelled`,
      `${vendor.displayName} cancelled ${what}${reason ? `: “${reason}”` : ''}. Get in touch if you did not expect this.`,
    ],
    checkOut:
      request.state === 'out'
        ? [
            `Everything on your order with ${vendor.displayName} is out`,
            `${vendor.displayName} handed over every item for ${what}. Bring them back by the end of ${day(request.endDate)}.`,
          ]
        : [
            `Part of your order with ${vendor.displayName} is out`,
            `${vendor.displayName} handed over part of ${what}; the rest goes out next. Open your order to see what is out.`,
          ],
    checkIn:
      request.state === 'returned'
        ? [
            `Everything is back with ${vendor.displayName}`,
            `${vendor.displayName} has every item of ${what} back${hireDamage(request)}.${chargesSaid(request, money)} Thank you.`,
          ]
        : [
            `${vendor.displayName} has part of your order back`,
            `${vendor.displayName} checked in part of ${what}${hireDamage(request)}; the rest is still out with you.`,
          ],
    close: [
      `Your hire with ${vendor.displayName} is closed${invoice ? `: ${money(invoice.total)}` : ''}`,
      `${vendor.displayName} closed the hire of ${what}.`,
    ],
    change: isOrderState(request.state ?? 'requested')
      ? [
          `${vendor.displayName} changed your order${version ? `: ${total}` : ''}`,
          `${vendor.displayName} changed your order for ${what} (version ${version?.version ?? ''}). The items are held as changed: read it line by line and accept it, or reply to say what is wrong.`,
        ]
      : [
          `${vendor.displayName} changed your ${verb}${version ? `: ${total}` : ''}`,
          `${vendor.displayName} changed the items or dates of your request and priced it: ${what}${version ? `, ${total} in all, open until ${day(version.expiresOn)}` : ''}. Read it before you accept.`,
        ],
    expire: [
      `Your ${verb} from ${vendor.displayName} expired`,
      `The ${verb} for ${what} was not accepted in time, so it expired and any hold was released. Ask for a new one whenever you are ready.`,
    ],
  };
  const vendorWords: Partial<Record<QuoteAction, [string, string]>> = {
    hold: [
      `${who} pencilled items`,
      `${who} asked to hold the items of ${what}${holdEnds ? `, until the end of ${day(holdEnds)}` : ''}. Their hold ranks behind any placed before it; the console's hold board shows where.`,
    ],
    release: [`${who} released their hold`, `${who} released the hold on ${what}. Holds behind it move up.`],
    accept: isOrderState(request.state ?? 'requested')
      ? [
          `${who} accepted the change to their order (version ${version?.version ?? ''})`,
          `${who} accepted the change to ${what}${version ? ` (${total})` : ''}. Nothing more to do.`,
        ]
      : [
          `${who} accepted ${verb} version ${version?.version ?? ''}`.trim(),
          `${who} accepted your ${verb} for ${what}${version ? ` (${total})` : ''}. Confirm it in the console to reserve the items.`,
        ],
    decline: [
      `${who} declined your ${verb}`,
      `${who} declined your ${verb} for ${what}${reason ? `: “${reason}”` : ''}. Any hold on its items was released.`,
    ],
    cancel: [
      `${who} cancelled a request`,
      `${who} cancelled their request for ${what}${reason ? `: “${reason}”` : ''}. Any hold on its items was released.`,
    ],
  };
  // What the step is about, said in full: the quote's lines and message, the order's lines and amount.
  const details =
    version &&
    ((to === 'visitor' && (action === 'quote' || action === 'change' || action === 'confirm')) ||
      (to === 'vendor' && action === 'accept'))
      ? versionParagraphs(configuration, version)
      : [];
  const [heading, paragraph] = (to === 'visitor' ? visitorWords : vendorWords)[action] ?? [
    `Your request changed`,
    `Your request for ${what} is now ${request.state}.`,
  ];
  const closed = to === 'visitor' ? closedParagraphs(configuration, request, invoice) : [];
  return message('quoteUpdate', configuration, heading, {
    heading,
    paragraphs: [
      paragraph,
      ...details,
      ...closed,
      // Another house's sub-hire: no one signs in as the house here, so its invoice travels with the mail.
      ...(invoice
        ? [
            request.subHire
              ? `Invoice ${invoice.number} is attached.`
              : `Your order page has the invoice and each charge explained: ${origin(configuration)}${quoteHref(request.id)}`,
          ]
        : []),
    ],
    action:
      to === 'visitor'
        ? invoice && !request.subHire
          ? { label: `Download invoice ${invoice.number} (PDF)`, url: documentHref(configuration, invoice) }
          : { label: `Open your ${verb}`, url: visitorHref(configuration, request) }
        : { label: 'Open it in the console', url: consoleHref(configuration, request) },
  });
}

/** To the visitor: a credit note issued against their invoice, what it is for and how much, with its PDF. */
export function creditNoteMessage(configuration: StorefrontConfiguration, note: Invoice): MailContent {
  const { site, vendor } = configuration;
  const money = (amount: number) => formatMoney(amount, site);
  const amount = money(-note.total);
  const heading = `A credit of ${amount} from ${vendor.displayName}`;
  const what = note.billTo.production ? ` for ${note.billTo.production}` : '';
  return message('creditNote', configuration, `Credit note ${note.number} from ${vendor.displayName}: ${amount}`, {
    heading,
    paragraphs: [
      `${vendor.displayName} issued credit note ${note.number} against invoice ${note.credits ?? ''}${what}: ${amount}${note.taxes.length ? ` with ${note.taxes.map((tax) => tax.name).join(' and ')}` : ''}.`,
      ...(note.reason ? [`Why: ${note.reason}`] : []),
      `It takes off: ${note.lines.map((line) => `${line.description} (${money(-line.amount)})`).join('; ')}.`,
      `${vendor.displayName} will refund it the way you paid, or take it off what you owe: reply to this mail with any question.`,
    ],
    action: { label: `Download credit note ${note.number} (PDF)`, url: documentHref(configuration, note) },
  });
}

/** A later hire an overdue order leaves short (server/rental/hire-floor.ts's collisionsOf). */
export interface Collision {
  name: string;
  production: string | null;
  item: string;
  day: string;
  free: number;
  quantity: number;
}

/**
 * An order overdue (its last day and the grace passed, something still out), said once: to the
 * vendor, what is still out and every later hire it now leaves short, who and what, with the pull
 * sheet; to the visitor, what to bring back and that late days are charged by the tenant's terms.
 */
export function hireOverdueMessage(
  configuration: StorefrontConfiguration,
  request: QuoteRequest,
  collides: readonly Collision[],
  to: 'vendor' | 'visitor',
): MailContent {
  const { site, vendor } = configuration;
  const day = (date: string) => formatDay(date, site);
  const what = request.production
    ? `${request.production} (${formatDays(request.startDate, request.endDate, site)})`
    : formatDays(request.startDate, request.endDate, site);
  const stillOut = (request.hire?.lines ?? [])
    .filter((line) => line.out - line.back > 0)
    .map(
      (line) =>
        `${line.out - line.back} × ${request.lines.find((asked) => asked.objectID === line.objectID)?.name ?? line.objectID}${line.tags?.length ? ` (${line.tags.join(', ')})` : ''}`,
    );
  if (to === 'visitor')
    return message(
      'hireOverdue',
      configuration,
      `Your hire from ${vendor.displayName} was due back ${day(request.endDate)}`,
      {
        heading: 'Your hire is overdue',
        paragraphs: [
          `The hire of ${what} was due back with ${vendor.displayName} by the end of ${day(request.endDate)}. Still out with you:`,
          ...stillOut,
          `Please bring them back as soon as you can: late days are charged from the day after the hire's last day. Reply to this mail if something is wrong.`,
        ],
        action: { label: 'Open your order', url: visitorHref(configuration, request) },
      },
    );
  const who = request.name ? `${request.name} (${request.email})` : request.email;
  return message(
    'hireOverdue',
    configuration,
    `Overdue: ${request.production ?? who}, due back ${day(request.endDate)}`,
    {
      heading: 'A hire is overdue',
      paragraphs: [
        `${who} has not brought back all of ${what}, due by the end of ${day(request.endDate)}. Still out:`,
        ...stillOut,
        ...(collides.length
          ? [
              'It now leaves these later hires short:',
              ...collides.map(
                (hit) =>
                  `${hit.production ?? hit.name}: ${hit.item} from ${day(hit.day)} (${hit.free} free of ${hit.quantity} booked).`,
              ),
            ]
          : ['No later hire is short because of it yet.']),
      ],
      action: {
        label: 'Open its pull sheet',
        url: `${origin(configuration)}/admin/#/t/${configuration.tenantId}/dispatch/${encodeURIComponent(request.id)}`,
      },
    },
  );
}

/**
 * A house told at once that stock it hired in is no longer coming (the lending house cancelled or
 * cut it, or moved its dates): what changed, and each of its own hires now short, who and what.
 */
export function subHireLostMessage(
  configuration: StorefrontConfiguration,
  change: { lender: string; item: string; before: number; after: number; firstDay: string; lastDay: string },
  short: readonly Collision[],
): MailContent {
  const { site } = configuration;
  const day = (date: string) => formatDay(date, site);
  const what = `${change.before} × ${change.item} for ${formatDays(change.firstDay, change.lastDay, site)}`;
  return message(
    'subHireLost',
    configuration,
    `${change.lender} cut a sub-hire: ${short.length ? `${short.length} order${short.length === 1 ? '' : 's'} short` : 'nothing short'}`,
    {
      heading: 'A sub-hire is no longer coming',
      paragraphs: [
        change.after === 0
          ? `${change.lender} is no longer hiring you ${what}.`
          : `${change.lender} now hires you ${change.after} of the ${what}.`,
        ...(short.length
          ? [
              'These hires of yours are now short:',
              ...short.map(
                (hit) =>
                  `${hit.production ?? hit.name}: ${hit.item} from ${day(hit.day)} (${hit.free} free of ${hit.quantity} booked).`,
              ),
            ]
          : ['None of your hires is short because of it.']),
        'Find it at another house from the order’s page, or change the order.',
      ],
      action: {
        label: 'Open your requests',
        url: `${origin(configuration)}/admin/#/t/${configuration.tenantId}/quote-requests`,
      },
    },
  );
}

/**
 * To a house whose customer cancelled (or declined) an order it had hired stock in for: the lenders
 * still hold it to those sub-hires, so it is told at once, with each lender's contact.
 */
export function subHireStrandedMessage(
  configuration: StorefrontConfiguration,
  order: QuoteRequest,
  stranded: ReadonlyArray<{ lender: string; contact: string; item: string; quantity: number; state: string }>,
): MailContent {
  const { site } = configuration;
  const production = order.production ?? order.name ?? order.email;
  return message(
    'subHireStranded',
    configuration,
    `${production} cancelled: ${stranded.length} sub-hire${stranded.length === 1 ? '' : 's'} still confirmed`,
    {
      heading: 'Sub-hires still confirmed for a cancelled order',
      paragraphs: [
        `${production} ${order.state === 'declined' ? 'declined' : 'cancelled'} its order for ${formatDays(order.startDate, order.endDate, site)}. You hired stock in for it, and the ${stranded.length === 1 ? 'house that lends it still holds' : 'houses that lend it still hold'} you to ${stranded.length === 1 ? 'that hire' : 'those hires'}:`,
        ...stranded.map(
          (entry) =>
            `${entry.quantity} × ${entry.item} from ${entry.lender} (${entry.state}). Ask them: ${entry.contact}.`,
        ),
        'Only the lender can cancel a sub-hire it has confirmed, on its own cancellation terms: ask it now, or keep the stock for another hire.',
      ],
      action: { label: 'Open the order', url: consoleHref(configuration, order) },
    },
  );
}

/** To a house that approves productions by hand: one from the platform waits for it, with its request held until then. */
export function productionWaitingMessage(
  configuration: StorefrontConfiguration,
  production: {
    name?: string;
    email: string;
    studio?: string;
    production?: string;
    lines: number;
    startDate: string;
    endDate: string;
  },
): MailContent {
  const who = production.name ? `${production.name} (${production.email})` : production.email;
  const what = production.production ? ` for ${production.production}` : '';
  return message(
    'productionWaiting',
    configuration,
    `A production waits for your approval: ${production.name ?? production.email}`,
    {
      heading: 'A production waits for your approval',
      paragraphs: [
        `${who}${production.studio ? `, of ${production.studio},` : ''} asked for ${production.lines} item${production.lines === 1 ? '' : 's'}${what} (${formatDays(production.startDate, production.endDate, configuration.site)}) through the platform.`,
        'You check every new production first: approve them in Users and their request reaches you at once; refuse them and they are told.',
      ],
      action: { label: 'Open Users', url: `${origin(configuration)}/admin/#/t/${configuration.tenantId}/users` },
    },
  );
}

/** To a person a house added to a customer account: they may order on it, once signed in with this address, confirmed. */
export function accountMemberMessage(
  configuration: StorefrontConfiguration,
  account: { name: string; terms: { method: string; netDays?: number } },
): MailContent {
  const { appTitle } = configuration.site;
  const terms =
    account.terms.method === 'account'
      ? `on account (invoices due ${account.terms.netDays ?? 30} days after they are issued)`
      : 'with the account’s card terms';
  return message('accountMember', configuration, `You can order for ${account.name} at ${appTitle}`, {
    heading: `You are on ${account.name}’s account`,
    paragraphs: [
      `${appTitle} added this address to ${account.name}’s customer account: when you accept a quote, you can put it on the account, ${terms}.`,
      `Sign in to ${appTitle} with this address (confirm it when asked, if you have not yet): the account is offered when you accept a quote. If you did not expect this, reply to this mail.`,
    ],
    action: { label: `Open ${appTitle}`, url: `${origin(configuration)}/quotes` },
  });
}

/** The vendor told at once that a card hold about to lapse could not be authorised again, and why. */
export function cardHoldRenewalMessage(
  configuration: StorefrontConfiguration,
  request: QuoteRequest,
  reason: string,
): MailContent {
  const { site } = configuration;
  const hold = request.cardHold!;
  const who = request.name ? `${request.name} (${request.email})` : request.email;
  const lapses = hold.expiresAt
    ? new Date(hold.expiresAt).toLocaleString(site.locale, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: configuration.vendor.timezone ?? 'UTC',
      })
    : 'soon';
  return message('cardHoldRenewal', configuration, `Card hold not renewed: ${request.production ?? who}`, {
    heading: 'A card hold could not be renewed',
    paragraphs: [
      `The ${formatMoney(hold.amount, site)} hold on ${who}'s card for ${request.production ?? 'their hire'} (${formatDays(request.startDate, request.endDate, site)}) lapses ${lapses}, before the hire is closed.`,
      `Authorising it again failed: ${reason}`,
      'It is tried again with backoff. Ask the visitor to authorise their card again from their quote page, or take payment another way before the hold lapses.',
    ],
    action: { label: 'Open the request', url: consoleHref(configuration, request) },
  });
}

/** To the visitor, a few days before a hire whose tenant takes the card before check-out: authorise it now, or nothing goes out. */
export function cardWantedMessage(
  configuration: StorefrontConfiguration,
  request: QuoteRequest,
  amount: number,
): MailContent {
  const { site, vendor } = configuration;
  return message('cardWanted', configuration, `Authorise your card for ${request.production ?? 'your hire'}`, {
    heading: 'Your card, before the hire',
    paragraphs: [
      `Your hire from ${vendor.displayName} runs ${formatDays(request.startDate, request.endDate, site)}. Before anything goes out, authorise ${formatMoney(amount, site)} on your card from your order's page.`,
      'Nothing is charged now: what the hire comes to is charged when it is closed, and the rest is released.',
    ],
    action: { label: 'Authorise my card', url: visitorHref(configuration, request) },
  });
}
