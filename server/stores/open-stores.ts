/**
 * Where each store lives, for a server's configuration: SQLite files under the data folder (and
 * the tenants' folders), or Firestore with BACKLOT_STORE=firestore. The one place that choice is
 * made: the server's plugins and the CLI open their stores here. Firestore's module is loaded
 * only when chosen (firebase-admin must not load, or probe the network, otherwise).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from '../config';
import type { ConversationStore } from './conversation-store';
import type { CustomerAccountStore } from './customer-account-store';
import { FileTenantStore } from './file-tenant-store';
import type { HouseApplicationStore } from './house-application-store';
import type { InvoiceStore } from './invoice-store';
import type { ItemStore } from './item-store';
import type { PayoutAccountStore } from './payout-account-store';
import type { ProductionRequestStore } from './production-request-store';
import type { ProfileStore } from './profile-store';
import type { QuoteRequestStore } from './quote-request-store';
import type { SetListStore } from './set-list-store';
import type { TenantStore } from './tenant-store';

type StoreConfig = Pick<ServerConfig, 'store' | 'dataDir' | 'tenantsDir' | 'dev'>;
type Firestore = typeof import('./firestore-connection');

/** The SQLite file's store under the data folder, or Firestore's. */
async function sqliteOr<T>(
  config: StoreConfig,
  file: string,
  sqlite: (file: string) => Promise<T>,
  firestore: (connection: Firestore) => Promise<T>,
): Promise<T> {
  if (config.store === 'firestore') return firestore(await import('./firestore-connection'));
  mkdirSync(config.dataDir, { recursive: true });
  return sqlite(path.join(config.dataDir, file));
}

export const openStores = {
  /** The tenants: their folders (dev reads the files at every read, so an edit shows at once), or Firestore, checked reachable first. */
  async tenants(config: StoreConfig): Promise<{ store: TenantStore; close: () => Promise<void> }> {
    if (config.store === 'file') {
      const store = await FileTenantStore.open({
        tenantsDir: config.tenantsDir,
        dataDir: config.dataDir,
        ...(config.dev && { revalidateMs: 0 }),
      });
      return { store, close: () => store.close() };
    }
    const { firestoreUnreachable, hasFirestoreEnvironment, MISSING_FIRESTORE_ENVIRONMENT, openFirestoreStore } =
      await import('./firestore-connection');
    if (!hasFirestoreEnvironment(process.env))
      throw new Error(`BACKLOT_STORE=firestore, but ${MISSING_FIRESTORE_ENVIRONMENT}`);
    // firebase-admin would retry an unreachable address for minutes, silently: say it in one line and stop.
    const unreachable = await firestoreUnreachable(
      process.env,
      Number(process.env.BACKLOT_FIRESTORE_TIMEOUT_MS) || undefined,
    );
    if (unreachable)
      throw new Error(`BACKLOT_STORE=firestore, but ${unreachable.replace(/; nothing was read or written$/, '')}`);
    return openFirestoreStore({ watch: true });
  },
  items: (config: StoreConfig): Promise<ItemStore> =>
    sqliteOr(
      config,
      'items.sqlite',
      async (file) => new (await import('./sqlite-item-store')).SqliteItemStore(file),
      (firestore) => firestore.openFirestoreItemStore(),
    ),
  quoteRequests: (config: StoreConfig): Promise<QuoteRequestStore> =>
    sqliteOr(
      config,
      'quotes.sqlite',
      async (file) => new (await import('./sqlite-quote-request-store')).SqliteQuoteRequestStore(file),
      (firestore) => firestore.openFirestoreQuoteRequestStore(),
    ),
  profiles: (config: StoreConfig): Promise<ProfileStore> =>
    sqliteOr(
      config,
      'profiles.sqlite',
      async (file) => new (await import('./sqlite-profile-store')).SqliteProfileStore(file),
      (firestore) => firestore.openFirestoreProfileStore(),
    ),
  setLists: (config: StoreConfig): Promise<SetListStore> =>
    sqliteOr(
      config,
      'set-lists.sqlite',
      async (file) => new (await import('./sqlite-set-list-store')).SqliteSetListStore(file),
      (firestore) => firestore.openFirestoreSetListStore(),
    ),
  invoices: (config: StoreConfig): Promise<InvoiceStore> =>
    sqliteOr(
      config,
      'invoices.sqlite',
      async (file) => new (await import('./sqlite-invoice-store')).SqliteInvoiceStore(file),
      (firestore) => firestore.openFirestoreInvoiceStore(),
    ),
  customerAccounts: (config: StoreConfig): Promise<CustomerAccountStore> =>
    sqliteOr(
      config,
      'customer-accounts.sqlite',
      async (file) => new (await import('./sqlite-customer-account-store')).SqliteCustomerAccountStore(file),
      (firestore) => firestore.openFirestoreCustomerAccountStore(),
    ),
  payoutAccounts: (config: StoreConfig): Promise<PayoutAccountStore> =>
    sqliteOr(
      config,
      'payout-accounts.sqlite',
      async (file) => new (await import('./sqlite-payout-account-store')).SqlitePayoutAccountStore(file),
      (firestore) => firestore.openFirestorePayoutAccountStore(),
    ),
  conversations: (config: StoreConfig): Promise<ConversationStore> =>
    sqliteOr(
      config,
      'conversations.sqlite',
      async (file) => new (await import('./sqlite-conversation-store')).SqliteConversationStore(file),
      (firestore) => firestore.openFirestoreConversationStore(),
    ),
  /** The platform's stores, under its tenant in Firestore. */
  productionRequests: (config: StoreConfig, platformId: string): Promise<ProductionRequestStore> =>
    sqliteOr(
      config,
      'production-requests.sqlite',
      async (file) => new (await import('./sqlite-production-request-store')).SqliteProductionRequestStore(file),
      (firestore) => firestore.openFirestoreProductionRequestStore(platformId),
    ),
  houseApplications: (config: StoreConfig, platformId: string): Promise<HouseApplicationStore> =>
    sqliteOr(
      config,
      'house-applications.sqlite',
      async (file) => new (await import('./sqlite-house-application-store')).SqliteHouseApplicationStore(file),
      (firestore) => firestore.openFirestoreHouseApplicationStore(platformId),
    ),
};
