/**
 * Firestore databases for tests, on Google's official Cloud Firestore emulator (started once per
 * run by tests/setup/global.ts): each test database is a project of its own, reached
 * through firebase-admin with FIRESTORE_EMULATOR_HOST, and `another()` is a second firebase-admin
 * App on the same project, as another server would be. Import this module before anything that
 * loads firebase-admin: it turns off the metadata server probe and points firebase-admin at the
 * emulator first.
 *
 * `createDoubleDatabase` keeps the in-process double (@firebase-bridge/firestore-admin) for the
 * few tests that need what an emulator cannot give: a controlled clock and read counts. Each such
 * test says so.
 */
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';

process.env.METADATA_SERVER_DETECTION = 'none';
export const emulatorHost = inject('firestoreEmulatorHost');
/** Points firebase-admin at the emulator: on import, and again for each database, because a
 * worker shares this module with later files and tests/setup/fresh-env.ts gives each file the
 * worker's first environment (without the emulator). */
const useEmulator = () => void (process.env.FIRESTORE_EMULATOR_HOST = emulatorHost);
useEmulator();

import type { Firestore } from 'firebase-admin/firestore';

const [{ initializeApp, deleteApp }, { getFirestore }] = await Promise.all([
  import('firebase-admin/app'),
  import('firebase-admin/firestore'),
]);

export interface TestDatabase {
  /** The emulator project this database is. */
  projectId: string;
  firestore: Firestore;
  /** Another client on the same database: another server, with its own in-process locks. */
  another(): Firestore;
  cleanup(): Promise<void>;
}

/** A fresh, empty database: a project of its own on the emulator. */
export async function createTestDatabase(prefix = 'backlot-test'): Promise<TestDatabase> {
  useEmulator();
  const projectId = `${prefix}-${randomUUID().slice(0, 8)}`.toLowerCase();
  const apps = [initializeApp({ projectId }, `${projectId}-0`)];
  return {
    projectId,
    firestore: getFirestore(apps[0]!),
    another() {
      const app = initializeApp({ projectId }, `${projectId}-${apps.length}`);
      apps.push(app);
      return getFirestore(app);
    },
    async cleanup() {
      await Promise.all(apps.map((app) => deleteApp(app)));
      await fetch(`http://${emulatorHost}/emulator/v1/projects/${projectId}/databases/(default)/documents`, {
        method: 'DELETE',
      }).catch(() => undefined);
    },
  };
}

const { FirestoreMock } = await import('@firebase-bridge/firestore-admin');
const doubles = new FirestoreMock();
let doublesMade = 0;

export interface DoubleDatabase extends Omit<TestDatabase, 'projectId'> {
  controller: ReturnType<InstanceType<typeof FirestoreMock>['createDatabase']>;
}

/** The in-process double: only for a test that needs its clock or its read counts (the emulator has neither). */
export function createDoubleDatabase(prefix = 'backlot-double'): DoubleDatabase {
  const controller = doubles.createDatabase(`${prefix}-${++doublesMade}`);
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
      // The double's terminate() never resolves once a document listener has seen its document
      // deleted (a limitation of the double, not of Firestore): give it a moment, then go on.
      await Promise.race([
        Promise.all(instances.map((instance) => instance.terminate())),
        new Promise((resolve) => setTimeout(resolve, 1000).unref()),
      ]);
      controller.delete();
    },
  };
}
