/**
 * Vitest global setup: Google's official Cloud Firestore emulator (Debian package
 * google-cloud-cli-firestore-emulator, Java 17), one per test run on a free loopback port, for
 * every Firestore store test (tests/helpers/firestore.ts gives each test database a project of its
 * own). Started without waiting (it takes a second or more; the build runs meanwhile): the helper
 * waits for its `Ok` on first use. Stopped at the end, by its process group (it is a shell
 * script that starts Java). A missing emulator fails the run plainly instead of skipping tests.
 */
import type { TestProject } from 'vitest/node';
import { spawnFirestoreEmulator } from '../helpers/firestore-emulator';

declare module 'vitest' {
  export interface ProvidedContext {
    firestoreEmulatorHost: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const emulator = await spawnFirestoreEmulator();
  project.provide('firestoreEmulatorHost', emulator.host);
  return () => emulator.stop();
}
