/**
 * What a visitor is called wherever people read it (the storefront's header, the console's Users
 * and quote requests, every mail): the first and last name their profile has, else its display
 * name, else the email. One rule, so a profile saved with a name is never "dana" somewhere.
 * Browser-safe.
 */
import type { UserProfile } from './types.generated';

export function visitorName(
  profile: Pick<UserProfile, 'firstName' | 'lastName' | 'displayName'> | undefined,
  email?: string,
): string {
  const full = [profile?.firstName?.trim(), profile?.lastName?.trim()].filter(Boolean).join(' ');
  return full || profile?.displayName?.trim() || email || '';
}
