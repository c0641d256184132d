/**
 * The storefront's words for quotes after the request (loaded with the quote pages only). The
 * request verb is the tenant's (site.request, "Quote" by default).
 */
import type { QuoteAction, QuoteState } from '../../schema/rental/quote-states';
import type { HistoryEntry } from '../../schema/types.generated';

export const quoteMessages = {
  quotesLead: (verb: string) =>
    `Every ${verb.toLowerCase()} you asked for here, where it stands, and what it costs once priced.`,
  noQuotes: (verb: string) =>
    `No ${verb.toLowerCase()} requests yet. Add items to a set list or pick them on their pages, then ask for a ${verb.toLowerCase()}.`,
  browse: 'Browse the catalogue',
  quoteFor: (what: string) => `For ${what}`,
  datesLabel: 'Dates',
  forWhom: 'For',
  days: (count: number) => `${count} day${count === 1 ? '' : 's'}`,
  /** Lines and pieces apart: 3 lines of 7 pieces is not "7 items". */
  unreadMessages: (count: number) => (count === 1 ? '1 new message' : `${count} new messages`),
  linesAndPieces: (lines: number, pieces: number) =>
    lines === pieces
      ? `${lines} item${lines === 1 ? '' : 's'}`
      : `${lines} item${lines === 1 ? '' : 's'}, ${pieces} pieces`,
  showingOf: (shown: number, total: number) => `Showing the ${shown} newest of ${total}.`,
  showOlder: 'Show older',
  loadingOlder: 'Loading…',
  notPricedYet: 'Not priced yet',
  yourNotes: 'Your notes',
  reasonLabel: (vendor: string) => `Why? ${vendor} reads this (optional)`,
  states: {
    requested: 'Requested',
    quoted: 'Quoted',
    accepted: 'Accepted',
    declined: 'Declined',
    confirmed: 'Confirmed',
    cancelled: 'Cancelled',
    expired: 'Expired',
    partlyOut: 'Partly out',
    out: 'Out',
    partlyReturned: 'Partly returned',
    returned: 'Returned',
    closed: 'Closed',
  } satisfies Record<QuoteState, string>,
  stateLead: {
    requested: (vendor: string) => `${vendor} has your request and will price it.`,
    quoted: (vendor: string) => `${vendor} sent this quote. Accept it to ask them to confirm the order, or decline it.`,
    accepted: (vendor: string) => `You accepted this quote. ${vendor} confirms the order next.`,
    declined: () => 'You declined this quote.',
    confirmed: (vendor: string) => `${vendor} confirmed the order: the items are reserved for you.`,
    cancelled: () => 'This request was cancelled.',
    expired: () => 'This quote expired before it was accepted. Ask for a new one whenever you are ready.',
    partlyOut: (vendor: string) => `${vendor} has handed over part of the order; the rest is still to go out.`,
    out: () => 'Everything on the order is out with you.',
    partlyReturned: (vendor: string) => `${vendor} has part of the order back; the rest is still out with you.`,
    returned: (vendor: string) => `Everything is back with ${vendor}. Thank you.`,
    closed: () => 'This hire is closed.',
  } satisfies Record<QuoteState, (vendor: string) => string>,
  held: 'Pencilled: the items are held for you while this is open.',
  heldRanked: (rank: string, until: string) =>
    rank === '1st'
      ? `You hold these items (first hold) until the end of ${until}.`
      : `You hold these items as the ${rank} hold until the end of ${until}: a production held them before you.`,
  termsHeading: 'Rental terms',
  signerName: 'Sign with your full name',
  signerTitle: 'Your title (Set decorator, Production coordinator)',
  drawSignature: 'Draw your signature (with a finger or the mouse)',
  clearSignature: 'Clear',
  signedBy: (name: string, title: string | undefined, when: string, version: string) =>
    `You signed the rental terms (version ${version}) as ${name}${title ? `, ${title}` : ''}, on ${when}.`,
  agreementPdf: 'Download the signed agreement (PDF)',
  holdBadge: (rank: string, challenged: boolean) => `${rank} hold${challenged ? ': answer needed' : ''}`,
  challenged: (vendor: string, when: string) =>
    `Another production wants the items you hold. Accept the quote to confirm your order, or release your hold, by ${when}. If ${vendor} hears nothing by then, your hold is released.`,
  version: (version: number) => `Version ${version}`,
  validUntil: (date: string) => `Valid until ${date}`,
  sentOn: (date: string) => `Sent ${date}`,
  messageFrom: (vendor: string) => `From ${vendor}`,
  line: 'Item',
  quantity: 'Qty',
  how: 'How it is priced',
  each: 'Each',
  subtotal: 'Subtotal',
  rentals: 'Rentals',
  services: 'Services',
  total: 'Total',
  processing: (percent: number) => `Card processing (${percent}%)`,
  net: 'Total before tax',
  beforeTax: (name: string) => `Total before ${name}`,
  tax: (name: string, rate: number) => `${name} (${rate}%)`,
  totalWithTax: (name: string) => `Total with ${name}`,
  withTax: (amount: string, name: string) => `${amount} with ${name}`,
  // What the card is charged for the quote as it stands: the hold adds any deposit on top (the card panel names each part).
  authorisation: 'Charged to your card at close-out',
  noCharge:
    'Accepting holds this and any deposit on your card (the card panel below gives each part): nothing is charged until the hire is closed.',
  purchaseOrderLabel: 'Your purchase-order number (optional: printed on the invoices)',
  billingAddressLabel: 'Invoice to (company name and address)',
  billingAddressHint: 'Printed on the invoices as the customer: a VAT invoice names the customer’s address.',
  billingContactLabel: 'Who pays the invoices, if not you (optional)',
  invoices: {
    heading: 'Invoices',
    loading: 'Looking for your invoices…',
    none: (state: string) =>
      state === 'cancelled'
        ? 'No invoice was issued for this request.'
        : 'The pro forma is issued when the order is confirmed, and the invoice when the hire is closed.',
    kinds: { proForma: 'Pro forma', invoice: 'Invoice', creditNote: 'Credit note' } as Record<string, string>,
    issued: (date: string) => `issued ${date}`,
    voided: 'void',
    balance: (amount: string) => `${amount} due`,
    link: (kind: string, number: string) => `${kind} ${number} (PDF)`,
    failed: 'Your invoices could not be loaded. Reload the page to try again.',
  },
  conversation: {
    heading: (vendor: string) => `Messages with ${vendor}`,
    lead: (vendor: string) =>
      `Ask ${vendor} about references, swaps or dates. They are mailed each message; their answers show here and come to your inbox.`,
    empty: 'No messages yet.',
    loading: 'Loading messages…',
    failed: 'The messages could not be loaded. Reload the page to try again.',
    earlier: 'Show earlier messages',
    you: 'You',
    fromHouse: (name: string, vendor: string) => `${name}, ${vendor}`,
    read: 'Read',
    label: (vendor: string) => `Message to ${vendor}`,
    hint: 'Plain text, up to 4,000 characters. Ctrl+Enter sends.',
    attach: 'Attach files (PDF, PNG or JPEG; up to 3, 10 MB together)',
    tooMany: 'Attach at most 3 files to a message.',
    tooLarge: (megabytes: string) => `The files are ${megabytes} MB together: at most 10 MB to a message.`,
    attachment: (name: string, size: string) => `${name} (${size})`,
    send: 'Send',
    sending: 'Sending…',
    sent: 'Sent.',
  },
  insurance: {
    heading: 'Certificate of insurance',
    lead: (vendor: string) =>
      `${vendor} needs your production’s certificate of insurance before anything goes out. Upload it as a PDF or a photo, with the last day its cover runs.`,
    standing: {
      missing: () => 'No certificate yet.',
      lapsed: (date: string) => `Your certificate’s cover ended on ${date}: upload a current one.`,
      startsLate: (_date: string, _cover: string, _value: string, _reason: string, starts: string) =>
        `Your certificate’s cover starts on ${starts}, after the hire does: choose or upload one in force from the first day.`,
      endsEarly: (date: string) =>
        `Your certificate’s cover ends on ${date}, before the hire does: upload the renewed one when you have it.`,
      coverShort: (date: string, cover: string, value: string) =>
        `Your certificate covers ${cover} of hired property; what you are hiring would cost ${value} to replace. Ask your insurer for cover at full replacement value, then upload the new certificate (this one runs to ${date}).`,
      current: (date: string) => `Certificate received: cover runs to ${date}.`,
      refused: (_date: string, _cover: string, _value: string, reason: string) =>
        `Your certificate was refused: ${reason}. Upload a new one.`,
    },
    verified: (vendor: string, date: string) => `${vendor} verified it on ${date}.`,
    download: (name: string) => `Download ${name}`,
    file: 'Certificate (PDF, PNG or JPEG, up to 10 MB)',
    coverEnds: 'Cover ends',
    insurer: 'Insurer (optional)',
    policyNumber: 'Policy number (optional)',
    coverAmount: (value: string | undefined) =>
      value
        ? `Cover for hired property (optional; what you hire is worth ${value} to replace)`
        : 'Cover for hired property (optional)',
    upload: 'Upload certificate',
    replace: 'Upload a newer certificate',
    uploading: 'Uploading…',
    chooseFile: 'Choose the certificate file first.',
  },
  card: {
    heading: 'Your card',
    testMode: 'Test mode',
    testModeNote:
      'No real card is charged here. Use the test card 4242 4242 4242 4242 with any future expiry and any security code; 4000 0000 0000 0002 is declined, and 4000 0025 0000 3155 asks for the bank’s check.',
    needed: (amount: string) => `To accept, authorise ${amount} on your card.`,
    neededBeforeOut: (amount: string) => `Before anything goes out on this hire, authorise ${amount} on your card.`,
    askedLater: (amount: string, from: string) =>
      `Your card is asked for from ${from}, a few days before the hire: ${amount} will be held then (we will mail you). Nothing goes out until it is.`,
    madeOf: 'Made of',
    quoteTotal: 'The quote',
    processing: 'Card processing',
    deposit: 'Deposit',
    depositNote:
      'Nothing is charged now. When the hire is closed, what it came to is charged and the rest is released, the deposit with it unless loss or damage uses it.',
    authorise: 'Authorise my card',
    authoriseAmount: (amount: string) => `Authorise ${amount}`,
    number: 'Card number',
    expiry: 'Expiry (MM / YY)',
    cvc: 'Security code',
    working: 'Authorising…',
    expiryProblem: 'Give the expiry as MM / YY, e.g. 04 / 29.',
    stripeUnavailable: 'The card form could not load. Check your connection and reload the page.',
    status: {
      awaitingCard: (amount: string) => `Waiting for your card: ${amount}.`,
      needsAuthentication: () =>
        'Waiting for your bank’s check. Finish it on your bank’s page, or start again below with this card or another.',
      authorised: (amount: string, until: string) =>
        `${amount} is held on your card${until ? ` until ${until} (renewed if the hire runs longer)` : ''}.`,
      captured: (amount: string) =>
        `${amount} was charged to your card when the hire was closed; the rest of the hold was released.`,
      released: () => 'The hold on your card was released: nothing was charged.',
      declined: (_amount: string, _until: string, reason?: string) =>
        `Your card was not authorised${reason ? `: ${reason}` : '.'} Try another card.`,
      expired: () => 'The hold on your card lapsed. Authorise your card again if asked.',
    },
    settling: 'The charge or release is being finished with the card provider.',
    outstanding: (amount: string) => `${amount} more than the hold is invoiced separately.`,
  },
  service: 'Service',
  hireHeading: 'Your hire',
  changeWaiting: (vendor: string, version: number) =>
    `${vendor} changed this order (version ${version}): the items are held as changed. Read it below, then accept the change, or reply to their mail to say what is wrong.`,
  handedOver: (direction: 'out' | 'in', name: string, when: string) =>
    direction === 'out' ? `Collected by ${name}, ${when}` : `Brought back by ${name}, ${when}`,
  signatureOf: (name: string) => `Signature of ${name}`,
  calendarHeading: 'Your hires in your calendar',
  calendarNone:
    'Follow your hires in Google Calendar, Outlook or Apple Calendar: make a private link and subscribe to it there.',
  calendarMake: 'Make a calendar link',
  calendarLead:
    'Subscribe to this link in your calendar app ("From URL" in Google Calendar). It is private: anyone with it sees your hires.',
  calendarLinkLabel: 'Calendar link',
  calendarCopy: 'Copy link',
  calendarCopied: 'Copied',
  calendarOff: 'Turn off',
  withYou: 'With you',
  back: 'Back',
  damagedCount: (count: number) => `${count} came back damaged`,
  lostCount: (count: number) => `${count} written off as lost`,
  chargesHeading: 'Charges after the hire',
  charge: 'Charge',
  chargeKinds: { late: 'Late return', damage: 'Damage', loss: 'Loss' } as const,
  photoOf: (number: number, what: string) => `Photo ${number} of ${what} at check-in`,
  quotedTotal: 'Quoted',
  chargesTotal: 'Charges after the hire',
  totalNow: 'Total now',
  adjustment: (amount: string, reason: string) => `${amount}: ${reason}`,
  onAccount: {
    heading: 'Pay on account',
    lead: (name: string, days: number) =>
      `You can accept this quote on ${name}’s account: no card needed, and the invoice is made out to ${name}, due ${days} days after it is issued.`,
    depositLead: (name: string, days: number) =>
      `You can accept this quote on ${name}’s account: the invoice is made out to ${name}, due ${days} days after it is issued. A deposit is still held on your card first (below).`,
    accept: (name: string) => `Accept on ${name}’s account`,
    title: (name: string, total: string) => `Accept this quote for ${total} on ${name}’s account?`,
    message: (vendor: string, name: string) =>
      `${vendor} will be told, and confirms the order next. The invoices go to ${name}.`,
    purchaseOrderRequired: (name: string) => `Purchase-order number (${name} needs one)`,
    orCard: 'Or pay by card as below.',
    confirmFirst: (email: string, names: string) =>
      `To order on ${names}’s account, confirm ${email} first: follow the link we mailed it. Until then, pay by card as below.`,
    sendAgain: 'Send the link again',
    sent: (email: string) => `Sent: look in ${email}’s inbox for the link.`,
    paying: 'Paid',
    payingOn: (name: string, days: number) => `On ${name}’s account, net ${days} days`,
    askLead: (vendor: string) =>
      `Does your studio or production company have an account with ${vendor}? Ask to order on it: no card, invoices to the company.`,
    ask: 'Ask to order on your company’s account',
    askTitle: (vendor: string) => `Ask ${vendor} to add you to your company’s account`,
    askMessage: (vendor: string) =>
      `${vendor} checks with the company and tells you by mail. You can still accept with a card meanwhile.`,
    askCompany: 'Company (studio or production company)',
    askNote: 'Note for the house (your role, who can vouch for you)',
    askSend: 'Send the request',
    asked: (vendor: string, company: string) =>
      `Your request to order on ${company}’s account is with ${vendor}: you will hear by mail.`,
    declined: (vendor: string, company: string, reason: string | undefined) =>
      `${vendor} could not add you to ${company}’s account${reason ? `: “${reason}”` : '.'}`,
  },
  acceptChange: 'Accept the change',
  acceptChangeTitle: (total: string) => `Accept the changed order, ${total}?`,
  actions: {
    accept: 'Accept this quote',
    decline: 'Decline',
    cancel: 'Cancel request',
    hold: 'Hold these items',
    release: 'Release my hold',
  } as Partial<Record<QuoteAction, string>>,
  confirmTitles: {
    accept: (total: string) => `Accept this quote for ${total}?`,
    decline: () => 'Decline this quote?',
    cancel: () => 'Cancel this request?',
    hold: () => 'Hold these items while you decide?',
    release: () => 'Release your hold?',
  } as Partial<Record<QuoteAction, (total: string) => string>>,
  confirmMessages: {
    hold: (vendor: string) =>
      `${vendor} keeps them for you for a few days. A hold is not an order: it ranks behind any hold placed before it, and if another production wants the items, you are asked to confirm or let them go.`,
    release: (vendor: string) => `${vendor} will be told, and the items are free for others again.`,
    accept: (vendor: string) => `${vendor} will be told, and confirms the order next.`,
    decline: (vendor: string) => `${vendor} will be told, and any hold on the items is released.`,
    cancel: (vendor: string) => `${vendor} will be told, and any hold on the items is released. This cannot be undone.`,
  } as Partial<Record<QuoteAction, (vendor: string) => string>>,
  keep: 'Keep it',
  done: {
    hold: 'Held. The vendor has been told.',
    release: 'Hold released. The vendor has been told.',
    accept: 'Accepted. The vendor has been told.',
    decline: 'Declined. The vendor has been told.',
    cancel: 'Cancelled. The vendor has been told.',
  } as Partial<Record<QuoteAction, string>>,
  print: 'Print',
  askAgain: 'Ask again for new dates',
  againName: (what: string) => `${what} (again)`,
  history: 'History',
  historyEntry: {
    request: 'Requested',
    quote: 'Quote sent',
    change: 'Order changed',
    hold: 'Items pencilled',
    release: 'Hold released',
    extend: 'Hold extended',
    challenge: 'Hold challenged',
    accept: 'Accepted',
    decline: 'Declined',
    confirm: 'Order confirmed',
    cancel: 'Cancelled',
    expire: 'Expired',
    checkOut: 'Items went out',
    checkIn: 'Items came back',
    close: 'Hire closed',
  } satisfies Record<HistoryEntry['action'], string>,
  by: { visitor: 'you', vendor: 'the vendor', system: 'automatically' } as Record<string, string>,
  backToQuotes: 'All your quotes',
  quoteGone: 'This quote is not here: it may belong to another account.',
  updatedLive: 'This quote changed: showing the latest.',
};
