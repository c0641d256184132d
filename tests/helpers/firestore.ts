/**
 * In-process Firestore databases for tests: @firebase-bridge/firestore-admin, an accurate
 * in-memory Firestore under the real firebase-admin (no official emulator can run here).
 * Import this module before anything that loads firebase-admin: it turns off the metadata
 * server probe first, then loads the library.
 */
process.env.METADATA_SERVER_DETECTION = 'none';

import type { Firestore } from 'firebase-admin/firestore';

const { FirestoreMock } = await import('@firebase-bridge/firestore-admin');
const firestores = new FirestoreMock();
let created = 0;

export interface TestDatabase {
  controller: ReturnType<InstanceType<typeof FirestoreMock>['createDatabase']>;
  firestore: Firestore;
  /** Another client on the same database: another server, with its own in-process locks. */
  another(): Firestore;
  cleanup(): Promise<void>;
}

/** A fresh, empty database with its own project id. */
export function createTestDatabase(prefix = 'backlot-test'): TestDatabase {
  const controller = firestores.createDatabase(`${prefix}-${++created}`);
  const instances = [controller.firestore()];
  return {
    controller,
    firestore: instances[0]!,
    another() {
      const other = controller.firestore();
      instances.push(other);
      return other;
    },
    async cleanup() {
      // The in-process Firestore's terminate() never resolves once a document listener has seen its
      // document deleted (a limitation of this test double, not of Firestore): give it a moment, then go on.
      await Promise.race([Promise.all(instances.map((instance) => instance.terminate())), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
      controller.delete();
    },
  };
}
