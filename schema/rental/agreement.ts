/**
 * The house's rental terms and their signature at acceptance. A version is a fingerprint of the
 * terms' text (FNV-1a, 32 bits, eight hex digits): the same text is the same version on every
 * server and in the browser, and any change makes a new one, so an order keeps the version it
 * signed and a production signing stale terms is told to read them again. Pure.
 */
import type { QuoteRequest, SiteSettings } from '../types.generated';

/** The terms' version: a fingerprint of their text. */
export function termsVersionOf(text: string): string {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** The terms a production signs to accept here, with their version; none when the house has none. */
export function termsToSign(site: Pick<SiteSettings, 'rentalTerms'>): { version: string; text: string } | undefined {
  const text = site.rentalTerms?.trim();
  return text ? { version: termsVersionOf(text), text } : undefined;
}

/** Whether a request's acceptance asks for a signature: accepting a quote (not a change to an order) where the house has terms. */
export const signatureAsked = (
  site: Pick<SiteSettings, 'rentalTerms'>,
  request: Pick<QuoteRequest, 'state'>,
): boolean => termsToSign(site) !== undefined && (request.state ?? 'requested') === 'quoted';
