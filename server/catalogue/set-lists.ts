/**
 * A signed-in visitor's favourites and set lists on one tenant: every change checked against the
 * catalogue (the item is this tenant's, no more than its stock), written to the set list, then
 * recorded on the profile (server/catalogue/visitor-lists.ts) with its counters. One visitor's
 * changes run one at a time in this process (async-lock), so the profile's record of a list always
 * follows the list's own order of changes; across servers each records again until its record
 * agrees with the list (recordOnProfile). Favourites are one atomic profile update each.
 * No Fastify: the routes (server/routes/api/set-lists.ts) hand in who is asking.
 */
import { randomBytes } from 'node:crypto';
import AsyncLock from 'async-lock';
import { itemSummary } from '../../schema/catalogue-search';
import { sharedSetListPath } from '../../schema/routes';
import type { SetListView } from '../../schema/set-list-views';
import type { SetList, SetListInput, UserProfile } from '../../schema/types.generated';
import { FieldProblemsError } from '../stores/field-problems';
import type { CatalogueItems } from '../marketplace';
import type { ProfileStore } from '../stores/profile-store';
import { UnknownSetListError, type SetListStore } from '../stores/set-list-store';
import { withFavorite, withSetList } from './visitor-lists';

/** Lists one visitor keeps on one storefront: a production's sets, with room to spare. */
export const MAX_SET_LISTS = 100;
/** Items on one list: what one quote request may ask for (quote-request.schema.json). */
export const MAX_SET_LIST_LINES = 200;

export class UnknownItemError extends Error {
  readonly statusCode = 404;
  constructor(objectID: string) {
    super(`No item ${JSON.stringify(objectID)} in this catalogue.`);
  }
}

/** Who is asking: a signed-in visitor of the tenant. */
export interface ListOwner {
  tenantId: string;
  uid: string;
}

const newId = () => randomBytes(12).toString('base64url');

export class SetLists {
  private readonly lock = new AsyncLock();

  /** `items`: the storefront's items as visitors name them (on the platform, houses' listings). */
  constructor(private readonly stores: { profiles: ProfileStore; setLists: SetListStore; items: CatalogueItems }) {}

  private oneAtATime<T>(owner: ListOwner, task: () => Promise<T>): Promise<T> {
    return this.lock.acquire(`${owner.tenantId}/${owner.uid}`, task);
  }

  async favorite(owner: ListOwner, objectID: string, favorite: boolean): Promise<UserProfile> {
    if (favorite && !(await this.stores.items.get(owner.tenantId, objectID))) throw new UnknownItemError(objectID);
    return this.stores.profiles.update(owner.tenantId, owner.uid, (profile) =>
      withFavorite(profile, objectID, favorite, new Date()),
    );
  }

  /** The visitor's own list; UnknownSetListError for anyone else's, so others' ids tell nothing. */
  async own(owner: ListOwner, id: string): Promise<SetList> {
    const list = await this.stores.setLists.get(owner.tenantId, id);
    if (!list || list.uid !== owner.uid) throw new UnknownSetListError(id);
    return list;
  }

  listsOf(owner: ListOwner): Promise<SetList[]> {
    return this.stores.setLists.listFor(owner.tenantId, owner.uid);
  }

  create(owner: ListOwner, input: SetListInput): Promise<SetList> {
    return this.oneAtATime(owner, async () => {
      if ((await this.listsOf(owner)).length >= MAX_SET_LISTS)
        throw new FieldProblemsError([
          {
            pointer: '/name',
            message: `you have ${MAX_SET_LISTS} set lists already: delete one you no longer need first`,
          },
        ]);
      const now = new Date().toISOString();
      const list: SetList = {
        id: newId(),
        tenantId: owner.tenantId,
        uid: owner.uid,
        ...described(input),
        lines: [],
        createdAt: now,
        updatedAt: now,
      };
      await this.stores.setLists.create(list);
      await this.stores.profiles.update(owner.tenantId, owner.uid, (profile) =>
        withSetList(profile, list.id, list, new Date(now)),
      );
      return list;
    });
  }

  describe(owner: ListOwner, id: string, input: SetListInput): Promise<SetList> {
    return this.change(owner, id, ({ notes: _notes, ...list }) => ({ ...list, ...described(input) }));
  }

  /** Puts the item on the list with this quantity (added at the top when new). */
  async setLine(owner: ListOwner, id: string, objectID: string, quantity: number): Promise<SetList> {
    const item = await this.stores.items.get(owner.tenantId, objectID);
    if (!item) throw new UnknownItemError(objectID);
    if (quantity > item.quantity)
      throw new FieldProblemsError([{ pointer: '/quantity', message: `only ${item.quantity} in stock` }]);
    return this.change(owner, id, (list) => {
      const existing = list.lines.find((line) => line.objectID === objectID);
      if (!existing && list.lines.length >= MAX_SET_LIST_LINES)
        throw new FieldProblemsError([
          {
            pointer: '/quantity',
            message: `a set list holds up to ${MAX_SET_LIST_LINES} items: start another for the rest`,
          },
        ]);
      const lines = existing
        ? list.lines.map((line) => (line.objectID === objectID ? { ...line, quantity } : line))
        : [{ objectID, quantity, addedAt: new Date().toISOString() }, ...list.lines];
      return { ...list, lines };
    });
  }

  removeLine(owner: ListOwner, id: string, objectID: string): Promise<SetList> {
    return this.change(owner, id, (list) => ({
      ...list,
      lines: list.lines.filter((line) => line.objectID !== objectID),
    }));
  }

  /** Shares the list read-only by link (the same link again when it is already shared). */
  share(owner: ListOwner, id: string): Promise<SetList> {
    return this.change(owner, id, (list) => ({
      ...list,
      shareToken: list.shareToken ?? randomBytes(24).toString('base64url'),
    }));
  }

  /** Ends the link: anyone who has it sees nothing from now on. */
  unshare(owner: ListOwner, id: string): Promise<SetList> {
    return this.change(owner, id, ({ shareToken: _token, ...list }) => list);
  }

  delete(owner: ListOwner, id: string): Promise<void> {
    return this.oneAtATime(owner, async () => {
      await this.own(owner, id);
      await this.stores.setLists.delete(owner.tenantId, id);
      await this.stores.profiles.update(owner.tenantId, owner.uid, (profile) =>
        withSetList(profile, id, undefined, new Date()),
      );
    });
  }

  /** Every list of a visitor on the tenant, with their account (the profile goes with it). */
  async forget(owner: ListOwner): Promise<void> {
    for (const list of await this.listsOf(owner)) await this.stores.setLists.delete(owner.tenantId, list.id);
  }

  /** A list with its items as the catalogue has them now (`item: null` once one is gone), as the API and pages show it. */
  async view(list: SetList): Promise<SetListView> {
    const items = new Map(
      (
        await this.stores.items.getMany(
          list.tenantId,
          list.lines.map((line) => line.objectID),
        )
      ).map((item) => [item.objectID, itemSummary(item)]),
    );
    return {
      id: list.id,
      name: list.name,
      ...(list.notes && { notes: list.notes }),
      lines: list.lines.map((line) => ({ ...line, item: items.get(line.objectID) ?? null })),
      ...(list.shareToken && { sharePath: sharedSetListPath(list.shareToken) }),
      createdAt: list.createdAt,
      updatedAt: list.updatedAt,
    };
  }

  /** A shared list, as its link shows it; undefined once sharing stops. */
  shared(tenantId: string, shareToken: string): Promise<SetList | undefined> {
    return this.stores.setLists.getShared(tenantId, shareToken);
  }

  /**
   * Changes the visitor's list, then records it on the profile. The checks run on the list as it
   * stands (one change at a time), and the list store's write is itself atomic.
   */
  private change(owner: ListOwner, id: string, change: (list: SetList) => SetList): Promise<SetList> {
    return this.oneAtATime(owner, async () => {
      // Inside the store's atomic update: the change applies to the list as it stands, whatever
      // another server did meanwhile. Another visitor's list is no list of theirs.
      const stored = await this.stores.setLists.update(owner.tenantId, id, (list) => {
        if (list.uid !== owner.uid) throw new UnknownSetListError(id);
        return { ...change(list), updatedAt: new Date().toISOString() };
      });
      await this.recordOnProfile(owner, id, stored);
      return stored;
    });
  }

  /**
   * Records the list on the profile as the list store has it. Another server may change the list
   * after this one's write and record its own view first, so the record written here can be older
   * than the list: read the list again after recording, and record again until the two agree. The
   * last server to record always reads the last change, so the counters end exact.
   */
  private async recordOnProfile(owner: ListOwner, id: string, written: SetList): Promise<void> {
    let list: SetList | undefined = written;
    for (;;) {
      const recorded = list;
      await this.stores.profiles.update(owner.tenantId, owner.uid, (profile) =>
        withSetList(profile, id, recorded, new Date()),
      );
      list = await this.stores.setLists.get(owner.tenantId, id);
      if (itemsOf(list) === itemsOf(recorded)) return;
    }
  }
}

/** What the profile records of a list: its items, in order (undefined once the list is gone). */
const itemsOf = (list: SetList | undefined) => (list ? list.lines.map((line) => line.objectID).join('\n') : undefined);

/** A name and notes as typed, trimmed; empty notes are no notes. */
function described(input: SetListInput): Pick<SetList, 'name' | 'notes'> {
  const notes = input.notes?.trim();
  return { name: input.name.trim(), ...(notes && { notes }) };
}
