/**
 * Certificates of insurance, as pure, browser-safe rules the server (the check-out gate), the
 * console (whose is missing or lapsed) and the storefront (the visitor's upload) share. A tenant
 * that asks for one (`insuranceRequired`) lets nothing out on an order without a certificate whose
 * cover lasts to the day, nor on one the house refused; one that ends before the hire does, or
 * covers less than the items are worth to replace, is flagged, or refused too when the house says
 * so (`insuranceShortfall: 'refuse'`).
 */
import type { InsuranceCertificate, QuoteRequest } from '../types.generated';

/** Where an order's certificate stands on `today`. */
export type InsuranceStanding = 'missing' | 'refused' | 'lapsed' | 'endsEarly' | 'coverShort' | 'current';

/**
 * `replacementValue`: what the order's items would cost to replace (replacementValueOf), when the
 * caller knows it; a certificate that says its cover and covers less is `coverShort`.
 */
export function insuranceStanding(
  order: Pick<QuoteRequest, 'insurance' | 'endDate'>,
  today: string,
  replacementValue?: number,
): InsuranceStanding {
  const certificate = order.insurance;
  if (!certificate) return 'missing';
  if (certificate.review?.state === 'refused') return 'refused';
  if (certificate.expiresOn < today) return 'lapsed';
  if (certificate.expiresOn < order.endDate) return 'endsEarly';
  return certificate.coverAmount !== undefined &&
    replacementValue !== undefined &&
    certificate.coverAmount < replacementValue
    ? 'coverShort'
    : 'current';
}

/** What an order's lines would cost to replace: each item's replacement value times how many (an item without one counts nothing). The deposit is a share of it (card-hold.ts). */
export function replacementValueOf(
  lines: ReadonlyArray<Pick<QuoteRequest['lines'][number], 'objectID' | 'quantity'>>,
  items: ReadonlyMap<string, { replacementValue?: number | undefined }>,
): number {
  return (
    Math.round(
      lines.reduce((sum, line) => sum + line.quantity * (items.get(line.objectID)?.replacementValue ?? 0), 0) * 100,
    ) / 100
  );
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
