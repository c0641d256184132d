/**
 * Certificates of insurance, as pure, browser-safe rules the server (the check-out gate), the
 * console (whose is missing or lapsed) and the storefront (the visitor's upload) share. A tenant
 * that asks for one (`insuranceRequired`) lets nothing out on an order without a certificate whose
 * cover lasts to the day, nor on one the house refused; one that ends before the hire does, or
 * covers less than the items are worth to replace, is flagged, or refused too when the house says
 * so (`insuranceShortfall: 'refuse'`).
 */
import { formatMoney, formatMoneyIn } from '../display/format';
import type {
  InsuranceCertificate,
  KeptCertificate,
  QuoteRequest,
  SiteSettings,
  VendorConfig,
} from '../types.generated';

/** Where an order's certificate stands on `today`. */
export type InsuranceStanding =
  'missing' | 'refused' | 'lapsed' | 'startsLate' | 'endsEarly' | 'coverShort' | 'current';

/**
 * `replacementValue`: what the order's items would cost to replace (replacementValueOf), when the
 * caller knows it; a certificate that says its cover and covers less is `coverShort`.
 */
export function insuranceStanding(
  order: Pick<QuoteRequest, 'insurance' | 'startDate' | 'endDate'>,
  today: string,
  replacementValue?: number,
): InsuranceStanding {
  const certificate = order.insurance;
  if (!certificate) return 'missing';
  if (certificate.review?.state === 'refused') return 'refused';
  if (certificate.expiresOn < today) return 'lapsed';
  if (certificate.effectiveOn && certificate.effectiveOn > order.startDate) return 'startsLate';
  if (certificate.expiresOn < order.endDate) return 'endsEarly';
  const cover = coverOf(certificate);
  return cover !== undefined && replacementValue !== undefined && cover < replacementValue ? 'coverShort' : 'current';
}

/** The certificate's rented-property limit in the house's currency (at the rate applied when it was chosen), if it says one. */
export function coverOf(certificate: Pick<InsuranceCertificate, 'coverAmount' | 'rate'>): number | undefined {
  const { coverAmount, rate } = certificate;
  return coverAmount === undefined ? undefined : Math.round(coverAmount * (rate ?? 1) * 100) / 100;
}

/** What a certificate says that a house checks (the kept certificate's and an upload's fields). */
export type CertificateDetails = Pick<
  InsuranceCertificate,
  | 'insurer'
  | 'policyNumber'
  | 'namedInsured'
  | 'additionalInsured'
  | 'anyLessor'
  | 'generalLiability'
  | 'coverAmount'
  | 'currency'
  | 'effectiveOn'
  | 'expiresOn'
>;

/** A kept certificate as its owner reads it on a storefront: where it is kept, and why it cannot serve this house (none: it can). */
export type KeptCertificateView = Omit<KeptCertificate, 'file'> & {
  keptOn: 'here' | 'platform';
  problems: Array<{ pointer: string; message: string }>;
};

/** The house a certificate is checked for: the names it may be named by, its currency and the rates it states. */
export interface CertificateHouse {
  names: string[];
  currency: string;
  rates: SiteSettings['certificateRates'];
}

/** The house's side of a certificate check, from its vendor and site settings. */
export function certificateHouseOf(
  vendor: Pick<VendorConfig, 'displayName' | 'name' | 'legalName'>,
  site: Pick<SiteSettings, 'currency' | 'certificateRates'>,
): CertificateHouse {
  const names = [vendor.displayName, vendor.name, vendor.legalName].filter((name): name is string => Boolean(name));
  return { names, currency: site.currency ?? 'USD', rates: site.certificateRates ?? [] };
}

/** One unit of `currency` in the house's (1 for its own, or a certificate that names none), or undefined when the house states no rate for it. */
export function rateFor(currency: string | undefined, house: CertificateHouse): number | undefined {
  if (!currency || currency === house.currency) return 1;
  return house.rates?.find((rate) => rate.currency === currency)?.rate;
}

/** A company name as it is compared: lower case, words only, without the legal form. */
const LEGAL_FORMS = /\b(the|inc|incorporated|llc|llp|ltd|limited|plc|co|company|corp|corporation)\b/g;
const comparable = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(LEGAL_FORMS, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Whether the certificate names the house (one of its names in full) or any lessor as additional insured and loss payee. */
export function namesHouse(
  details: Pick<CertificateDetails, 'additionalInsured' | 'anyLessor'>,
  house: CertificateHouse,
) {
  if (details.anyLessor) return true;
  // The whole of one of the house's names, as words: "Soho" alone could be another house.
  const named = ` ${comparable(details.additionalInsured ?? '')} `;
  return house.names.map(comparable).some((name) => name !== '' && named.includes(` ${name} `));
}

type Problems = Array<{ pointer: string; message: string }>;

/** Why a certificate's dates cannot serve a hire from `today`: its cover ends before it starts, or has ended. */
export function certificateDateProblems(details: Pick<CertificateDetails, 'effectiveOn' | 'expiresOn'>, today: string) {
  const problems: Problems = [];
  if (details.effectiveOn && details.expiresOn < details.effectiveOn)
    problems.push({
      pointer: '/expiresOn',
      message: `the cover ends on ${details.expiresOn}, before it starts on ${details.effectiveOn}`,
    });
  else if (details.expiresOn < today)
    problems.push({
      pointer: '/expiresOn',
      message: `the cover ended on ${details.expiresOn}: upload a current certificate`,
    });
  return problems;
}

/**
 * Why a certificate cannot serve a hire at this house: its limits are in a currency the house
 * states no rate for, or it names another house (`lessorAsked`: a kept certificate must name one;
 * an order's own upload is checked only when it says whom it names).
 */
export function certificateHouseProblems(details: CertificateDetails, house: CertificateHouse, lessorAsked: boolean) {
  const problems: Problems = [];
  const [houseName] = house.names;
  if (rateFor(details.currency, house) === undefined)
    problems.push({
      pointer: '/currency',
      message: `the limits are in ${details.currency}: ${houseName} takes certificates in ${[
        house.currency,
        ...(house.rates ?? []).map((rate) => rate.currency),
      ].join(' or ')}`,
    });
  const saysLessor = details.anyLessor !== undefined || details.additionalInsured !== undefined;
  if ((lessorAsked || saysLessor) && !namesHouse(details, house))
    problems.push({
      pointer: '/additionalInsured',
      message: details.additionalInsured?.trim()
        ? `names ${details.additionalInsured.trim()} as additional insured, not ${houseName}: ask your broker for one naming ${houseName} (or any lessor)`
        : `names no additional insured: ${houseName} must be named as additional insured and loss payee (or any lessor)`,
    });
  return problems;
}

/** Both: why a certificate cannot serve a hire at this house from `today` (none: it may be chosen). */
export function certificateProblems(
  details: CertificateDetails,
  house: CertificateHouse,
  today: string,
  lessorAsked: boolean,
): Problems {
  return [...certificateDateProblems(details, today), ...certificateHouseProblems(details, house, lessorAsked)];
}

/** What an order's lines would cost to replace: each item's replacement value times how many (an item without one counts nothing). The deposit is a share of it (card-hold.ts). */
export function replacementValueOf(
  lines: ReadonlyArray<Pick<QuoteRequest['lines'][number], 'objectID' | 'quantity' | 'kit'>>,
  items: ReadonlyMap<string, { replacementValue?: number | undefined }>,
): number {
  // A kit without a value of its own is worth its components'.
  const valueOf = (line: (typeof lines)[number]): number =>
    items.get(line.objectID)?.replacementValue ??
    (line.kit?.components ?? []).reduce(
      (sum, component) => sum + component.quantity * (items.get(component.objectID)?.replacementValue ?? 0),
      0,
    );
  return Math.round(lines.reduce((sum, line) => sum + line.quantity * valueOf(line), 0) * 100) / 100;
}

/** The largest certificate kept (a scanned PDF of a few pages). */
export const INSURANCE_MAX_BYTES = 10 * 1024 * 1024;

/** The kinds of file a certificate may be, told by their first bytes (never by the name or the browser's word). */
const SIGNATURES: ReadonlyArray<{ type: InsuranceCertificate['contentType']; extension: string; magic: number[] }> = [
  { type: 'application/pdf', extension: 'pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: 'image/png', extension: 'png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', extension: 'jpg', magic: [0xff, 0xd8, 0xff] },
];

/** The certificate's kind from its bytes, or undefined when it is none of a PDF, a PNG or a JPEG. */
export function certificateKind(
  bytes: Uint8Array,
): { type: InsuranceCertificate['contentType']; extension: string } | undefined {
  const found = SIGNATURES.find(({ magic }) => magic.every((byte, index) => bytes[index] === byte));
  return found && { type: found.type, extension: found.extension };
}

/** A certificate's rented-property limit in words: in the house's currency, with the rate when it is in another ("£200,000.00 at 1.27: $254,000.00"). */
export function coveredWords(
  certificate: Pick<InsuranceCertificate, 'coverAmount' | 'currency' | 'rate'>,
  site: SiteSettings,
): string {
  const inHouse = formatMoney(coverOf(certificate)!, site);
  if (!certificate.rate || !certificate.currency || certificate.currency === site.currency) return inHouse;
  return `${formatMoneyIn(certificate.coverAmount!, certificate.currency, site)} at ${certificate.rate}: ${inHouse}`;
}
