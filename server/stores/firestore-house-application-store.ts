/**
 * House applications in Cloud Firestore through firebase-admin:
 *
 *   vendors/{platformId}/houseApplications/{id}   the application, every field as its schema has it
 *
 * update() is a transaction (two staff deciding at once on two servers: one decision lands first,
 * the other reads it); list() by state orders by createdAt descending: a composite index on
 * houseApplications (state ASC, createdAt DESC), in firestore.indexes.json.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { HouseApplication } from '../../schema/types.generated';
import {
  checkedHouseApplication,
  UnknownHouseApplicationError,
  type HouseApplicationStore,
} from './house-application-store';

const stored = (application: HouseApplication) =>
  JSON.parse(JSON.stringify(checkedHouseApplication(application))) as Record<string, unknown>;

export class FirestoreHouseApplicationStore implements HouseApplicationStore {
  constructor(
    private readonly firestore: Firestore,
    private readonly platformId: string,
    private readonly options: { onClose?: () => Promise<void> } = {},
  ) {}

  private applications() {
    return this.firestore.collection('vendors').doc(this.platformId).collection('houseApplications');
  }

  async create(application: HouseApplication): Promise<HouseApplication> {
    await this.applications().doc(application.id).create(stored(application));
    return application;
  }

  async get(id: string): Promise<HouseApplication | undefined> {
    const snapshot = await this.applications().doc(id).get();
    return snapshot.exists ? (snapshot.data() as HouseApplication) : undefined;
  }

  async list(state?: HouseApplication['state']): Promise<HouseApplication[]> {
    const base = state ? this.applications().where('state', '==', state) : this.applications();
    const snapshot = await base.orderBy('createdAt', 'desc').limit(500).get();
    return snapshot.docs.map((doc) => doc.data() as HouseApplication);
  }

  update(id: string, change: (current: HouseApplication) => HouseApplication): Promise<HouseApplication> {
    const ref = this.applications().doc(id);
    return this.firestore.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(ref);
      if (!snapshot.exists) throw new UnknownHouseApplicationError(id);
      const next = { ...change(snapshot.data() as HouseApplication), id };
      transaction.set(ref, stored(next));
      return next;
    });
  }

  async close(): Promise<void> {
    await this.options.onClose?.();
  }
}
