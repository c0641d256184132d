/**
 * The ProfileStore port: visitors' profile documents, `vendors/{vendorId}/users/{uid}` (spec §3).
 * Every write is checked against the user-profile schema; an update is a read-modify-write that
 * no other write can interleave with (so counters stay true under concurrent changes); a
 * subscriber hears each change to one profile (the storefront's live profile). Adapters:
 * `sqlite-profile-store.ts` (embedded default) and `firestore-profile-store.ts` (at scale).
 * One contract suite for all (`tests/contract/profile-store.contract.ts`).
 */
import { problemsFromAjv } from '../../schema/ajv-messages';
import { schemaDocuments } from '../../schema/documents';
import { getAjv } from '../../schema/node/ajv';
import type { UserProfile } from '../../schema/types.generated';

export interface StoredProfile {
  vendorId: string;
  uid: string;
  profile: UserProfile;
}

export interface ProfileQuery {
  /** Only profiles with this approval decision (null: undecided). */
  isAuthorized?: boolean | null;
  limit?: number;
  offset?: number;
}

export type ProfileListener = (profile: UserProfile | undefined) => void;

export interface ProfileStore {
  get(vendorId: string, uid: string): Promise<UserProfile | undefined>;
  /** Writes a new profile; ProfileExistsError when there is one. */
  create(vendorId: string, uid: string, profile: UserProfile): Promise<UserProfile>;
  /** Changes a profile atomically from its current value; UnknownProfileError when there is none. */
  update(vendorId: string, uid: string, change: (current: UserProfile) => UserProfile): Promise<UserProfile>;
  delete(vendorId: string, uid: string): Promise<void>;
  /** A vendor's profiles, newest first. */
  list(vendorId: string, query?: ProfileQuery): Promise<{ total: number; profiles: StoredProfile[] }>;
  /**
   * Hears one profile: as it is now (soon after subscribing), then every change (undefined once
   * deleted), as Firestore's document listeners do: changes in quick succession may arrive as
   * their latest state only. Returns the unsubscribe.
   */
  subscribe(vendorId: string, uid: string, listener: ProfileListener): () => void;
  close(): Promise<void>;
}

export class ProfileExistsError extends Error {
  readonly statusCode = 409;
}

export class UnknownProfileError extends Error {
  readonly statusCode = 404;
}

export class ProfileInvalidError extends Error {
  readonly statusCode = 400;
  constructor(readonly problems: Array<{ pointer: string; message: string }>) {
    super(
      `The profile does not fit the user-profile schema: ${problems.map((problem) => `${problem.pointer || '/'} ${problem.message}`).join('; ')}`,
    );
  }
}

/** The profile when the user-profile schema accepts it; ProfileInvalidError naming each problem otherwise. */
export function checkedProfile(profile: UserProfile): UserProfile {
  const validate = getAjv().getSchema(schemaDocuments.userProfile.$id)!;
  if (!validate(profile))
    throw new ProfileInvalidError(
      problemsFromAjv(validate.errors).map(({ pointer, message }) => ({ pointer, message })),
    );
  return profile;
}
