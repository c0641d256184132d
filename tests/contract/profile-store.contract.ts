/**
 * What every ProfileStore adapter must do: create once, read, update atomically from the
 * current value (counters stay true under concurrent changes), refuse a document the
 * user-profile schema refuses, list a vendor's profiles by approval with paging, delete, and
 * tell a subscriber the document as it is, then each change. Run by each adapter's test with its own factory.
 */
import { describe, expect, it } from 'vitest';
import { newProfile } from '../../server/identity/profile';
import {
  ProfileExistsError,
  ProfileInvalidError,
  UnknownProfileError,
  type ProfileStore,
} from '../../server/stores/profile-store';
import type { UserProfile } from '../../schema/types.generated';
import { storeUnderTest, type OpenedStore } from './store-under-test';

export function describeProfileStoreContract(name: string, open: () => Promise<OpenedStore<ProfileStore>>) {
  describe(`ProfileStore contract: ${name}`, () => {
    const subject = storeUnderTest(open);

    const profile = (email: string, at = '2026-11-23T10:00:00Z') =>
      newProfile({ email, vendorId: 'aviation', vendorName: 'Jetway Props', now: new Date(at) });

    it('creates once, reads back, and refuses a second create', async () => {
      await subject.store.create('aviation', 'u1', profile('dana@studio.example'));
      expect(await subject.store.get('aviation', 'u1')).toMatchObject({
        email: 'dana@studio.example',
        isAuthorized: null,
      });
      expect(await subject.store.get('platform', 'u1')).toBeUndefined();
      await expect(subject.store.create('aviation', 'u1', profile('other@studio.example'))).rejects.toBeInstanceOf(
        ProfileExistsError,
      );
    });

    it('refuses a document the schema refuses, naming where', async () => {
      const bad = { ...profile('dana@studio.example'), isAuthorized: 'yes' } as unknown as UserProfile;
      await expect(subject.store.create('aviation', 'u1', bad)).rejects.toThrow(ProfileInvalidError);
      await expect(subject.store.create('aviation', 'u1', bad)).rejects.toThrow(/\/isAuthorized/);
      await subject.store.create('aviation', 'u1', profile('dana@studio.example'));
      await expect(subject.store.update('aviation', 'u1', (current) => ({ ...current, email: '' }))).rejects.toThrow(
        ProfileInvalidError,
      );
      expect((await subject.store.get('aviation', 'u1'))!.email).toBe('dana@studio.example');
    });

    it('keeps counters true under concurrent updates', async () => {
      await subject.store.create('aviation', 'u1', profile('dana@studio.example'));
      await Promise.all(
        Array.from({ length: 50 }, () =>
          subject.store.update('aviation', 'u1', (current) => ({
            ...current,
            stats: { ...current.stats, favoriteCount: (current.stats?.favoriteCount ?? 0) + 1 },
          })),
        ),
      );
      expect((await subject.store.get('aviation', 'u1'))!.stats!.favoriteCount).toBe(50);
      await expect(subject.store.update('aviation', 'nobody', (current) => current)).rejects.toBeInstanceOf(
        UnknownProfileError,
      );
    });

    it('lists a vendor profiles newest first, by approval, a page at a time', async () => {
      await subject.store.create('aviation', 'old', profile('old@studio.example', '2026-11-01T00:00:00Z'));
      await subject.store.create('aviation', 'new', profile('new@studio.example', '2026-11-20T00:00:00Z'));
      await subject.store.create('aviation', 'approved', {
        ...profile('ok@studio.example', '2026-11-10T00:00:00Z'),
        isAuthorized: true,
      });
      await subject.store.create('platform', 'elsewhere', profile('x@studio.example'));
      const all = await subject.store.list('aviation');
      expect([all.total, all.profiles.map((entry) => entry.uid)]).toEqual([3, ['new', 'approved', 'old']]);
      expect((await subject.store.list('aviation', { isAuthorized: null })).profiles.map((entry) => entry.uid)).toEqual(
        ['new', 'old'],
      );
      expect((await subject.store.list('aviation', { isAuthorized: true })).profiles.map((entry) => entry.uid)).toEqual(
        ['approved'],
      );
      const page = await subject.store.list('aviation', { limit: 1, offset: 1 });
      expect([page.total, page.profiles.map((entry) => entry.uid)]).toEqual([3, ['approved']]);
    });

    it('tells a subscriber the document as it is, then each change and the delete, until it unsubscribes', async () => {
      await subject.store.create('aviation', 'u1', profile('dana@studio.example'));
      const heard: Array<boolean | null | undefined | 'deleted'> = [];
      const unsubscribe = subject.store.subscribe('aviation', 'u1', (next) =>
        heard.push(next ? next.isAuthorized : 'deleted'),
      );
      // The current document first (a live page cannot miss a change made while it connected).
      await expect.poll(() => heard).toEqual([null]);
      await subject.store.update('aviation', 'u1', (current) => ({ ...current, isAuthorized: true }));
      await expect.poll(() => heard).toEqual([null, true]);
      await subject.store.delete('aviation', 'u1');
      await expect.poll(() => heard).toEqual([null, true, 'deleted']);
      unsubscribe();
      await subject.store.create('aviation', 'u1', profile('dana@studio.example'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard).toEqual([null, true, 'deleted']);
    });
  });
}
