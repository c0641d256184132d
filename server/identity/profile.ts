/**
 * A visitor's profile document (`vendors/{vendorId}/users/{uid}`, spec §3), as first written on
 * their first login or sign-up, and as touched on each later login. Every field of the
 * user-profile schema is there with its default (isAuthorized null, stats all 0, the four
 * subscriptions off), so nothing downstream restates a default. §5's rules: a profile needs an
 * email ("Missing email address"); the default displayName is the part of the email before the
 * @ with non-alphanumerics removed, and orderByName is that lowercased. Pure (the clock is given).
 */
import { withDefaults } from '../../schema/defaults';
import type { UserProfile } from '../../schema/types.generated';

export const MISSING_EMAIL = 'Missing email address';

export class ProfileInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export interface NewProfileInput {
  email?: string;
  vendorId: string;
  vendorName: string;
  /** The sign-up's bot-check token (action "signup"), kept with the profile as the spec's reCaptchaToken. */
  botCheckToken?: string;
  ipAddress?: string;
  ipLocation?: UserProfile['ipLocation'];
  wasAnonymous?: boolean;
  /** Whether the account's email is proven (the identity provider says). */
  isEmailVerified?: boolean;
  now: Date;
}

/** "dana.o'neil+props@studio.example" → "danaoneilprops". */
export function defaultDisplayName(email: string): string {
  return email.slice(0, email.indexOf('@') < 0 ? undefined : email.indexOf('@')).replace(/[^A-Za-z0-9]/g, '');
}

export function newProfile(input: NewProfileInput): UserProfile {
  const email = input.email?.trim();
  if (!email) throw new ProfileInputError('email', MISSING_EMAIL);
  const displayName = defaultDisplayName(email);
  const at = input.now.toISOString();
  return withDefaults('userProfile', {
    email,
    displayName,
    orderByName: displayName.toLowerCase(),
    vendorId: input.vendorId,
    vendorName: input.vendorName,
    vendors: { [input.vendorName]: input.vendorId },
    createdAt: at,
    updatedAt: at,
    lastLoginAt: at,
    ...(input.wasAnonymous !== undefined && { wasAnonymous: input.wasAnonymous }),
    ...(input.isEmailVerified !== undefined && { isEmailVerified: input.isEmailVerified }),
    ...(input.botCheckToken && { reCaptchaToken: input.botCheckToken }),
    ...(input.ipAddress && { ipAddresses: [input.ipAddress] as UserProfile['ipAddresses'] }),
    ...(input.ipLocation && { ipLocation: input.ipLocation }),
  });
}

/** The profile after another login: lastLoginAt (and updatedAt) now, the address remembered once, the email's proof as the provider has it. */
export function touchedOnLogin(
  profile: UserProfile,
  login: { now: Date; ipAddress?: string; ipLocation?: UserProfile['ipLocation']; isEmailVerified?: boolean },
): UserProfile {
  const at = login.now.toISOString();
  // The generated type spells an address as an odd intersection (its schema's anyOf of formats): they are strings.
  const addresses = (profile.ipAddresses ?? []) as string[];
  return {
    ...profile,
    lastLoginAt: at,
    updatedAt: at,
    ...(login.ipAddress &&
      !addresses.includes(login.ipAddress) && {
        ipAddresses: [...addresses, login.ipAddress].slice(-100) as UserProfile['ipAddresses'],
      }),
    ...(login.ipLocation && { ipLocation: login.ipLocation }),
    ...(login.isEmailVerified !== undefined && { isEmailVerified: login.isEmailVerified }),
  };
}
