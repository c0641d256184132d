/**
 * The HouseApplicationStore port: houses asking to be listed (schema/house-application.schema.json),
 * each checked against its schema when written; an update is a read-modify-write no other write to
 * the same application can interleave with, across servers (two staff approving at once: one
 * approval). Adapters: `sqlite-house-application-store.ts` (embedded default) and
 * `firestore-house-application-store.ts` (`vendors/{platform}/houseApplications/{id}`). One contract
 * suite (`tests/contract/house-application-store.contract.ts`).
 */
import { schemaIds } from '../../schema/documents';
import type { HouseApplication } from '../../schema/types.generated';
import { schemaChecked } from './schema-checked';

export interface HouseApplicationStore {
  create(application: HouseApplication): Promise<HouseApplication>;
  get(id: string): Promise<HouseApplication | undefined>;
  /** Newest first; with `state`, only those. At most 500. */
  list(state?: HouseApplication['state']): Promise<HouseApplication[]>;
  /** Changes an application atomically from its current value; UnknownHouseApplicationError when there is none. */
  update(id: string, change: (current: HouseApplication) => HouseApplication): Promise<HouseApplication>;
  close(): Promise<void>;
}

export class UnknownHouseApplicationError extends Error {
  readonly statusCode = 404;
  constructor(id: string) {
    super(`No house application ${JSON.stringify(id)} here.`);
  }
}

export const checkedHouseApplication = schemaChecked<HouseApplication>(
  schemaIds.houseApplication,
  'a house application',
);
