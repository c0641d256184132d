/**
 * The firebase IdentityProvider: the contract, against the Firebase Auth emulator from
 * firebase-tools (offline, started here on a free port). SMS codes are read from the emulator's
 * REST endpoint; sign-in and email confirmation links are mailed by our Delivery, caught here.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { AuthLibrary } from '../../server/auth/auth-library';
import { startAuthEmulator, EMULATOR_PROJECT, type AuthEmulator } from '../helpers/auth-emulator';
import { describeIdentityProviderContract } from './identity-provider.contract';

process.env.METADATA_SERVER_DETECTION = 'none';
let emulator: AuthEmulator;
beforeAll(async () => {
  emulator = await startAuthEmulator();
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
}, 90_000);
afterAll(async () => {
  await emulator?.stop();
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
});

describeIdentityProviderContract('firebase (Auth emulator)', async () => {
  const [{ initializeApp, deleteApp }, { getAuth }, { FirebaseIdentity }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/auth'),
    import('../../server/identity/firebase-identity'),
  ]);
  const app = initializeApp({ projectId: EMULATOR_PROJECT }, `contract-${Math.random().toString(36).slice(2)}`);
  const links = new Map<string, string>();
  const verifications = new Map<string, string>();
  const auth = getAuth(app);
  // Staff view tickets are kept where the console's accounts are: a library in a scratch folder.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'backlot-firebase-tickets-'));
  const tickets = await AuthLibrary.open({ dataDir });
  const identity = new FirebaseIdentity({
    auth,
    apiKey: 'emulator-key',
    emulatorHost: emulator.host,
    delivery: {
      signInLink: async (email, token) => void links.set(email, token),
      verificationLink: async (email, token) => void verifications.set(email, token),
    },
    tickets,
  });
  return {
    identity,
    lastCode: (phoneNumber) => emulator.lastCode(phoneNumber),
    lastLinkToken: async (email) => links.get(email)!,
    lastVerificationToken: async (email) => verifications.get(email),
    // Console staff are local accounts whatever the visitors' provider; Firebase needs only their email.
    staff: async () => ({ email: 'staff@backlot.example', headers: new Headers() }),
    cleanup: async () => {
      await tickets.close();
      await rm(dataDir, { recursive: true, force: true });
      await emulator.clear();
      await deleteApp(app);
    },
  };
});
