/**
 * The house's rental terms and their signature at acceptance. A version is a fingerprint of the
 * terms' text (FNV-1a, 32 bits, eight hex digits): the same text is the same version on every
 * server and in the browser, and any change makes a new one, so an order keeps the version it
 * signed and a production signing stale terms is told to read them again. Pure.
 */
import type { QuoteRequest, SiteSettings } from '../types.generated';
import { changePending } from './quote-states';

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

/**
 * Whether a request's acceptance asks for a signature, where the house has terms: accepting a
 * quote, or a change to an order when the terms changed since the order signed them (a change under
 * the terms it signed is signed already).
 */
export function signatureAsked(
  site: Pick<SiteSettings, 'rentalTerms'>,
  request: Pick<QuoteRequest, 'state' | 'versions' | 'history' | 'agreement'>,
): boolean {
  const terms = termsToSign(site);
  if (!terms) return false;
  if ((request.state ?? 'requested') === 'quoted') return true;
  return changePending(request) && request.agreement?.termsVersion !== terms.version;
}
