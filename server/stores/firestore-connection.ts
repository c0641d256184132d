/**
 * Opening the Firestore store from the environment, as the server (BACKLOT_STORE=firestore) and
 * `backlot push|pull|diff` do. firebase-admin finds Firestore and credentials itself; without
 * any of the variables below it would only fail later, slowly, so callers check first.
 */
import { randomUUID } from 'node:crypto';
import { tcpUnreachable } from './tcp-probe';
import type { CustomerAccountStore } from './customer-account-store';
import type { ProfileStore } from './profile-store';
import type { ItemStore } from './item-store';
import type { QuoteRequestStore } from './quote-request-store';
import type { InvoiceStore } from './invoice-store';
import type { SetListStore } from './set-list-store';
import type { ProductionRequestStore } from './production-request-store';
import type { ConversationStore } from './conversation-store';
import type { HouseApplicationStore } from './house-application-store';
import type { PayoutAccountStore } from './payout-account-store';
import type { TenantStore } from './tenant-store';

/** Any one of these tells firebase-admin where Firestore is (and with which credentials). */
export const FIRESTORE_ENVIRONMENT = [
  'FIRESTORE_EMULATOR_HOST',
  'GOOGLE_APPLICATION_CREDENTIALS',
  'GOOGLE_CLOUD_PROJECT',
] as const;

export function hasFirestoreEnvironment(env: Readonly<Record<string, string | undefined>>): boolean {
  return FIRESTORE_ENVIRONMENT.some((name) => Boolean(env[name]));
}

export const MISSING_FIRESTORE_ENVIRONMENT =
  'no Firestore to talk to: set FIRESTORE_EMULATOR_HOST (an emulator), GOOGLE_APPLICATION_CREDENTIALS (a service account key file) or GOOGLE_CLOUD_PROJECT (a project, with application default credentials)';

/** Where firebase-admin will send Firestore calls: the emulator's host:port, else Google's endpoint. */
export function firestoreAddress(env: Readonly<Record<string, string | undefined>>): {
  host: string;
  port: number;
  shown: string;
} {
  const emulator = env.FIRESTORE_EMULATOR_HOST?.trim();
  if (emulator) {
    const match = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(emulator);
    const host = match?.[1] ?? emulator;
    const port = Number(match?.[2] ?? 8080);
    return { host, port, shown: `${emulator} (FIRESTORE_EMULATOR_HOST)` };
  }
  return { host: 'firestore.googleapis.com', port: 443, shown: 'firestore.googleapis.com:443' };
}

/**
 * Whether Firestore's address takes a connection within `timeoutMs`; resolves with why not
 * (undefined when it does). firebase-admin itself retries an unreachable address for minutes
 * without a word, so one-shot commands ask this first and stop with a plain line instead.
 */
export async function firestoreUnreachable(
  env: Readonly<Record<string, string | undefined>>,
  timeoutMs = 5000,
): Promise<string | undefined> {
  const { host, port, shown } = firestoreAddress(env);
  const why = await tcpUnreachable(host, port, timeoutMs);
  return why && `Firestore at ${shown} ${why}; nothing was read or written`;
}

/**
 * Opens a FirestoreTenantStore on its own firebase-admin app (deleted on close, so the process
 * can exit). `watch` keeps the domain index fresh with other servers' writes (the server wants
 * it; a one-shot CLI command does not).
 */
export async function openFirestoreStore(options: {
  watch: boolean;
}): Promise<{ store: TenantStore; close: () => Promise<void> }> {
  // Off Google Cloud the auth library would otherwise probe the metadata server (169.254.169.254)
  // for credentials; it must be set before firebase-admin loads. An explicit value is kept.
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const [{ initializeApp, deleteApp }, { getFirestore }, { FirestoreTenantStore }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/firestore'),
    import('./firestore-tenant-store'),
  ]);
  const app = initializeApp(undefined, `backlot-${randomUUID()}`);
  try {
    const store = await FirestoreTenantStore.open({ firestore: getFirestore(app), watch: options.watch });
    return {
      store,
      close: async () => {
        try {
          await store.close();
        } finally {
          await deleteApp(app);
        }
      },
    };
  } catch (error) {
    await deleteApp(app);
    throw error;
  }
}

/** Opens the FirestoreProfileStore (visitors' profiles) on its own firebase-admin app, deleted on close. */
export async function openFirestoreProfileStore(): Promise<ProfileStore> {
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const [{ initializeApp, deleteApp }, { getFirestore }, { FirestoreProfileStore }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/firestore'),
    import('./firestore-profile-store'),
  ]);
  const app = initializeApp(undefined, `backlot-profiles-${randomUUID()}`);
  return new FirestoreProfileStore(getFirestore(app), { onClose: () => deleteApp(app) });
}

/** Opens the FirestoreItemStore (catalogue items, vendors/{tenantId}/items) on its own firebase-admin app, deleted on close. */
export async function openFirestoreItemStore(): Promise<ItemStore> {
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const [{ initializeApp, deleteApp }, { getFirestore }, { FirestoreItemStore }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/firestore'),
    import('./firestore-item-store'),
  ]);
  const app = initializeApp(undefined, `backlot-items-${randomUUID()}`);
  return new FirestoreItemStore(getFirestore(app), { onClose: () => deleteApp(app) });
}

/** Opens the FirestoreQuoteRequestStore (visitors' quote requests, vendors/{tenantId}/quoteRequests) on its own firebase-admin app, deleted on close. */
export async function openFirestoreQuoteRequestStore(): Promise<QuoteRequestStore> {
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const [{ initializeApp, deleteApp }, { getFirestore }, { FirestoreQuoteRequestStore }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/firestore'),
    import('./firestore-quote-request-store'),
  ]);
  const app = initializeApp(undefined, `backlot-quotes-${randomUUID()}`);
  return new FirestoreQuoteRequestStore(getFirestore(app), { onClose: () => deleteApp(app) });
}

/** Opens the FirestoreSetListStore (visitors' set lists, vendors/{tenantId}/setLists) on its own firebase-admin app, deleted on close. */
export async function openFirestoreSetListStore(): Promise<SetListStore> {
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const [{ initializeApp, deleteApp }, { getFirestore }, { FirestoreSetListStore }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/firestore'),
    import('./firestore-set-list-store'),
  ]);
  const app = initializeApp(undefined, `backlot-set-lists-${randomUUID()}`);
  return new FirestoreSetListStore(getFirestore(app), { onClose: () => deleteApp(app) });
}

/** Opens the FirestoreInvoiceStore (invoices, pro formas and credit notes, vendors/{tenantId}/invoices) on its own firebase-admin app, deleted on close. */
export async function openFirestoreInvoiceStore(): Promise<InvoiceStore> {
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const [{ initializeApp, deleteApp }, { getFirestore }, { FirestoreInvoiceStore }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/firestore'),
    import('./firestore-invoice-store'),
  ]);
  const app = initializeApp(undefined, `backlot-invoices-${randomUUID()}`);
  return new FirestoreInvoiceStore(getFirestore(app), { onClose: () => deleteApp(app) });
}

/** Opens the FirestoreProductionRequestStore (the platform's production requests, vendors/{platformId}/productionRequests) on its own firebase-admin app, deleted on close. */
export async function openFirestoreProductionRequestStore(platformId: string): Promise<ProductionRequestStore> {
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const [{ initializeApp, deleteApp }, { getFirestore }, { FirestoreProductionRequestStore }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/firestore'),
    import('./firestore-production-request-store'),
  ]);
  const app = initializeApp(undefined, `backlot-production-requests-${randomUUID()}`);
  return new FirestoreProductionRequestStore(getFirestore(app), platformId, { onClose: () => deleteApp(app) });
}

/** Opens the FirestoreHouseApplicationStore (houses asking to be listed, vendors/{platformId}/houseApplications) on its own firebase-admin app, deleted on close. */
export async function openFirestoreConversationStore(): Promise<ConversationStore> {
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const [{ initializeApp, deleteApp }, { getFirestore }, { FirestoreConversationStore }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/firestore'),
    import('./firestore-conversation-store'),
  ]);
  const app = initializeApp(undefined, `backlot-conversations-${randomUUID()}`);
  return new FirestoreConversationStore(getFirestore(app), { onClose: () => deleteApp(app) });
}

export async function openFirestoreHouseApplicationStore(platformId: string): Promise<HouseApplicationStore> {
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const [{ initializeApp, deleteApp }, { getFirestore }, { FirestoreHouseApplicationStore }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/firestore'),
    import('./firestore-house-application-store'),
  ]);
  const app = initializeApp(undefined, `backlot-house-applications-${randomUUID()}`);
  return new FirestoreHouseApplicationStore(getFirestore(app), platformId, { onClose: () => deleteApp(app) });
}

/** Opens the FirestorePayoutAccountStore (each house's account at the provider, vendors/{house}/payouts/account) on its own firebase-admin app, deleted on close. */
export async function openFirestorePayoutAccountStore(): Promise<PayoutAccountStore> {
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const [{ initializeApp, deleteApp }, { getFirestore }, { FirestorePayoutAccountStore }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/firestore'),
    import('./firestore-payout-account-store'),
  ]);
  const app = initializeApp(undefined, `backlot-payout-accounts-${randomUUID()}`);
  return new FirestorePayoutAccountStore(getFirestore(app), { onClose: () => deleteApp(app) });
}

export async function openFirestoreCustomerAccountStore(): Promise<CustomerAccountStore> {
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const [{ initializeApp, deleteApp }, { getFirestore }, { FirestoreCustomerAccountStore }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/firestore'),
    import('./firestore-customer-account-store'),
  ]);
  const app = initializeApp(undefined, `backlot-customer-accounts-${randomUUID()}`);
  return new FirestoreCustomerAccountStore(getFirestore(app), { onClose: () => deleteApp(app) });
}
