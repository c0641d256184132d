/**
 * What happens when a visitor signs up or in on a tenant's storefront, whichever identity
 * provider is behind it: they become a member of that tenant (vendor), and their profile there
 * is created on their first sign-in with every schema default (§3, §5) or touched on later ones
 * (lastLoginAt). A visitor of one tenant is not a user of another until they sign in there too.
 * No Fastify: the routes hand in the request's parts.
 */
import { EventEmitter } from 'node:events';
import type { UserProfile } from '../../schema/types.generated';
import type { ProfileStore } from '../stores/profile-store';
import { ProfileExistsError } from '../stores/profile-store';
import type { IdentityProvider, IdentityUser } from './identity-provider';
import { newProfile, touchedOnLogin } from './profile';

export interface Arrival {
  tenantId: string;
  /** The tenant's vendor name, kept on the profile (vendorName, vendors). */
  vendorName: string;
  ipAddress?: string;
  /** The sign-up's bot-check token, kept with a new profile (reCaptchaToken). */
  botCheckToken?: string;
  /** The account was a guest session first (§3 wasAnonymous). */
  wasAnonymous?: boolean;
  now: Date;
}

export interface Entered {
  profile: UserProfile;
  /** Whether this sign-in created the visitor's profile on this tenant (onboarding follows). */
  isNewHere: boolean;
  /** The vendors the visitor belongs to, this one included. */
  vendors: string[];
}

export class Visitors {
  /** `membership` with a user id when that user joins a vendor (their live pages read the session again). */
  readonly events = new EventEmitter<{ membership: [uid: string] }>();

  constructor(
    private readonly identity: IdentityProvider,
    private readonly profiles: ProfileStore,
  ) {}

  /** Joins the tenant if need be, then creates or touches the profile there. */
  async enter(user: IdentityUser, arrival: Arrival): Promise<Entered> {
    const { tenantId } = arrival;
    const vendors = user.vendors.includes(tenantId) ? user.vendors : [...user.vendors, tenantId].sort();
    if (vendors !== user.vendors) {
      await this.identity.join(user.uid, tenantId);
      this.events.emit('membership', user.uid);
    }
    const touch = (current: UserProfile) =>
      touchedOnLogin(current, { now: arrival.now, ipAddress: arrival.ipAddress, isEmailVerified: user.emailVerified });
    if (await this.profiles.get(tenantId, user.uid))
      return { profile: await this.profiles.update(tenantId, user.uid, touch), isNewHere: false, vendors };
    const first = newProfile({
      email: user.email,
      vendorId: tenantId,
      vendorName: arrival.vendorName,
      botCheckToken: arrival.botCheckToken,
      ipAddress: arrival.ipAddress,
      wasAnonymous: arrival.wasAnonymous,
      isEmailVerified: user.emailVerified,
      now: arrival.now,
    });
    try {
      return { profile: await this.profiles.create(tenantId, user.uid, first), isNewHere: true, vendors };
    } catch (error) {
      // Two first sign-ins at once (two tabs): the other made the profile; this one touches it.
      if (error instanceof ProfileExistsError)
        return { profile: await this.profiles.update(tenantId, user.uid, touch), isNewHere: false, vendors };
      throw error;
    }
  }

  /** The visitor's profile on this tenant, only if they belong to it. */
  async profileHere(user: IdentityUser, tenantId: string): Promise<UserProfile | undefined> {
    return user.vendors.includes(tenantId) ? this.profiles.get(tenantId, user.uid) : undefined;
  }

  /** A new email, proven by the link mailed to it, on every profile the visitor has (one per vendor). */
  async emailChanged(user: IdentityUser, email: string, now: Date): Promise<void> {
    await this.updateEverywhere(user, (current) => ({
      ...current,
      email,
      isEmailVerified: true,
      updatedAt: now.toISOString(),
    }));
  }

  /** The email proven, on every profile (their open pages hear it live). */
  async emailVerified(user: IdentityUser, now: Date): Promise<void> {
    await this.updateEverywhere(user, (current) => ({
      ...current,
      isEmailVerified: true,
      updatedAt: now.toISOString(),
    }));
  }

  private async updateEverywhere(user: IdentityUser, change: (current: UserProfile) => UserProfile): Promise<void> {
    for (const vendorId of user.vendors) {
      if (!(await this.profiles.get(vendorId, user.uid))) continue;
      await this.profiles.update(vendorId, user.uid, change);
    }
  }

  /** A deleted account leaves no profile behind, on any vendor (their live pages hear it as a sign-out). */
  async forget(user: IdentityUser): Promise<void> {
    for (const vendorId of user.vendors) await this.profiles.delete(vendorId, user.uid);
  }
}
