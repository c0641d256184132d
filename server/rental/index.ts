/**
 * The rental domain's front door, as the rest of the server uses it: a quote's conversation (its
 * steps, settings and free stock), intake, notices and totals, the kept availability, the hire
 * floor, invoices and their PDFs, the accountant's and the orders' exports, calendar feeds, the
 * certificate of insurance, and the watches. The PDF worker imports the function it runs by name,
 * and the PDFs' paper (pdf-document.ts, pdfkit and its fonts) is named and loaded only where a PDF
 * is drawn, so a server or a test that draws none loads none of it.
 */
export {
  EXPORT_FORMATS,
  IMPORT_LIMITS,
  dayIn,
  exportCsv,
  exportFileName,
  exportParts,
  exportable,
  type ExportFormat,
} from './accounting-export';
export { feedScope, itemFeed, vendorFeed, visitorFeed, type Feed } from './calendar-feeds';
export { takeBackLoss } from './found-unit';
export {
  adjustCharge,
  dispatchBoard,
  labelsFor,
  moveUnit,
  pullSheet,
  recordHandover,
  scanOnOrder,
  unitsForItem,
} from './hire-floor';
export { attachmentOf, certificateFile, keepCertificate, reviewCertificate } from './insurance';
export { chooseCover } from './cover';
export {
  chooseKeptCertificate,
  keepProductionCertificate,
  keptCertificateFile,
  keptCertificates,
  removeKeptCertificate,
  UnknownCertificateError,
  type KeptCertificateOffer,
} from './kept-certificates';
export { heldAheadOf, holdBoard, holdOf, holdsBehind, lapseOf, rankAhead, whoseRequest } from './holds';
export { agreementPdf, invoicePdf } from './lazy-pdfs';
export { InvoiceWatch } from './invoice-watch';
export { issueOwed } from './invoicing';
export { KeptAvailability } from './kept-availability';
export { dailyStock, withComponents } from './kit-stock';
export { allUnits, recordRepair, testsDue, testUnit, unitPages, unitTests } from './unit-service';
export { storedPhotos } from './stored-photos';
export { earningsReport, type EarningsBy } from './earnings';
export { confirmedBetween, orderLineRows, orderLinesCsv } from './order-export';
export { tellOverdue } from './overdue-watch';
export { tellEndingCertificates } from './certificate-watch';
export {
  actionsNow,
  closingPreview,
  expireDue,
  expireIfDue,
  freeQuantities,
  itemsOfQuotes,
  latestVersion,
  lineGlCodes,
  quoteSettingsOf,
  QuoteRefusedError,
  stateOf,
  takeAction,
  type ActionRequest,
  type QuoteSettings,
  type QuoteStores,
  type StockOnDates,
} from './quote-conversation';
export { dueOfQuote } from './quote-due';
export { NotApprovedError, takeQuoteRequest, type IntakeStores } from './quote-intake';
export { notifyCreditNote, notifyQuoteStep, type NoticeStores } from './quote-notices';
export { quoteStoresOf } from './quote-stores';
export { listTransfers, makeTransfer, type ListedTransfer } from './transfers';
export { storesKept } from './store-removal';
