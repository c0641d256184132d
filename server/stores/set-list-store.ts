/**
 * The SetListStore port: visitors' set lists per tenant (schema/set-list.schema.json), each
 * checked against its schema when written. An update is a read-modify-write no other write to the
 * same list can interleave with. Adapters: `sqlite-set-list-store.ts` (embedded default) and
 * `firestore-set-list-store.ts` (`vendors/{tenantId}/setLists/{id}`, with BACKLOT_STORE=firestore).
 * One contract suite (`tests/contract/set-list-store.contract.ts`).
 */
import { schemaIds } from '../../schema/documents';
import { schemaChecked } from './schema-checked';
import type { SetList } from '../../schema/types.generated';

export interface SetListStore {
  /** Writes a new list; an Error when its id is taken (the first stays). */
  create(list: SetList): Promise<SetList>;
  get(tenantId: string, id: string): Promise<SetList | undefined>;
  /** The list a share link names, while it is shared. */
  getShared(tenantId: string, shareToken: string): Promise<SetList | undefined>;
  /** One visitor's lists, most recently changed first. */
  listFor(tenantId: string, uid: string): Promise<SetList[]>;
  /** Changes a list atomically from its current value; UnknownSetListError when there is none. */
  update(tenantId: string, id: string, change: (current: SetList) => SetList): Promise<SetList>;
  /** Forgets a list; an unknown id is ignored. */
  delete(tenantId: string, id: string): Promise<void>;
  close(): Promise<void>;
}

export class UnknownSetListError extends Error {
  readonly statusCode = 404;
  constructor(id: string) {
    super(`No set list ${JSON.stringify(id)} here.`);
  }
}

/** The list when its schema accepts it; an Error naming each problem otherwise (a server bug, never a visitor's input: routes check that first). */
export const checkedSetList = schemaChecked<SetList>(schemaIds.setList, 'a set list');
