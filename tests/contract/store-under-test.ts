/**
 * The opening and closing every store contract suite shares: called inside the suite's describe,
 * it opens a fresh store (with the adapter's factory) before each case, and closes it and cleans
 * up after it after each. Cases read the open store as `subject.store` (and anything else the
 * factory returned as `subject.fixture`).
 */
import { afterEach, beforeEach } from 'vitest';

/** What an adapter's factory hands a contract: a store, and how to throw away what backs it. */
export interface OpenedStore<Store extends { close(): Promise<void> }> {
  store: Store;
  cleanup(): Promise<void>;
}

export function storeUnderTest<Fixture extends OpenedStore<{ close(): Promise<void> }>>(
  open: () => Promise<Fixture>,
): { readonly store: Fixture['store']; readonly fixture: Fixture } {
  let opened: Fixture | undefined;
  beforeEach(async () => {
    opened = await open();
  });
  afterEach(async () => {
    if (!opened) return;
    const fixture = opened;
    opened = undefined;
    await fixture.store.close();
    await fixture.cleanup();
  });
  return {
    get fixture() {
      if (!opened) throw new Error('No store is open: read it inside a test.');
      return opened;
    },
    get store() {
      return this.fixture.store;
    },
  };
}
