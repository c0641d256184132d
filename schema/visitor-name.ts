/**
 * What a visitor is called wherever people read it (the storefront's header, the console's Users
 * and quote requests, every mail): the first and last name their profile has, else its display
 * name, else the email. One rule, so a profile saved with a name is never "dana" somewhere.
 * Browser-safe.
 */
import { plainText } from './plain-text';
import type { UserProfile } from './types.generated';

export function visitorName(profile: Pick<UserProfile, 'firstName' | 'lastName' | 'displayName'> | undefined, email?: string): string {
  const full = [profile?.firstName, profile?.lastName]
    .map((part) => (part ? plainText(part).trim() : ''))
    .filter(Boolean)
    .join(' ');
  return full || (profile?.displayName ? plainText(profile.displayName).trim() : '') || email || '';
}
