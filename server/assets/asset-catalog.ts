/**
 * The images a storefront serves, over the AssetStore: each tenant's own (`/assets/<tenantId>/<file>`,
 * its `assets/` folder), the shared ones every tenant may use (`/assets/<file>`, e.g. the default
 * avatar, shipped with the build), and item photos (`/items/<tenantId>/<file>`). Pages put each
 * file's content hash in its URL (`?v=<hash>`), so a changed logo gets a new URL and an unchanged
 * one can be cached for a year.
 *
 * A tenant's `assets/` list is asked of the store again at most once a second, so a file another
 * server uploaded (or one edited on disk) shows on the next page load here too; a request for a
 * name the list does not have yet asks the store itself before answering 404. Item photos are
 * looked up one by one (a catalogue may hold thousands), each remembered for a second.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ASSET_FILE_NAME, contentHash, type AssetFolder, type AssetStore, type StoredAsset } from './asset-store';

const FRESH_MS = 1000;

/** A file to send: its name, hash, size, and its bytes on demand. */
export interface ServableAsset extends StoredAsset {
  read(): Promise<Buffer | undefined>;
}

interface Listing {
  listedAt: number;
  /** Whether the store ever answered: until then a failure is the caller's; after, the last list is served. */
  listed: boolean;
  files: ReadonlyMap<string, StoredAsset>;
  pending?: Promise<ReadonlyMap<string, StoredAsset>>;
}

export class AssetCatalog {
  private readonly listings = new Map<string, Listing>();
  private readonly versionsOf = new Map<
    string,
    { own: ReadonlyMap<string, StoredAsset>; versions: Record<string, string> }
  >();
  private readonly photos = new Map<string, { at: number; file: StoredAsset | undefined }>();
  private readonly shared = new Map<string, StoredAsset & { bytes: Buffer }>();

  constructor(
    readonly store: AssetStore,
    sharedDir: string,
    /** Told when a list fails and the last one is served instead (for the log). */
    private readonly onListFailure?: (tenantId: string, error: unknown) => void,
  ) {
    // Shared images ship with the build: read once.
    for (const name of safeReaddir(sharedDir)) {
      const file = path.join(sharedDir, name);
      if (!ASSET_FILE_NAME.test(name) || !statSync(file, { throwIfNoEntry: false })?.isFile()) continue;
      const bytes = readFileSync(file);
      this.shared.set(name, { name, hash: contentHash(bytes), size: bytes.length, bytes });
    }
  }

  /** The tenant's own files by name, as the store had them at most a second ago. The same map until one changes. */
  async ownFiles(tenantId: string, now = Date.now()): Promise<ReadonlyMap<string, StoredAsset>> {
    const known = this.listings.get(tenantId);
    if (known && now - known.listedAt < FRESH_MS) return known.files;
    if (known?.pending) return known.pending;
    const listing: Listing = known ?? { listedAt: -Infinity, listed: false, files: new Map() };
    this.listings.set(tenantId, listing);
    listing.pending = this.store
      .list(tenantId, 'assets')
      .then((files) => {
        const next = new Map(files.map((file) => [file.name, file]));
        const same =
          next.size === listing.files.size && files.every((file) => sameFile(listing.files.get(file.name), file));
        if (!same) listing.files = next;
        listing.listedAt = Date.now();
        listing.listed = true;
        return listing.files;
      })
      .catch((error: unknown) => {
        // The store out of reach for now: pages keep the images they had, and the next second asks again.
        if (!listing.listed) throw error;
        this.onListFailure?.(tenantId, error);
        listing.listedAt = Date.now();
        return listing.files;
      })
      .finally(() => (listing.pending = undefined));
    return listing.pending;
  }

  /** The tenant's folder changed (an upload or removal through this server): ask the store again on the next read. */
  changed(tenantId: string): void {
    const known = this.listings.get(tenantId);
    if (known) known.listedAt = -Infinity;
  }

  /**
   * Every URL path a tenant's pages may use → its content hash (shared files and the tenant's own).
   * The same object until a file changes, so callers compare it by identity.
   */
  async versions(tenantId: string): Promise<Record<string, string>> {
    const own = await this.ownFiles(tenantId);
    const known = this.versionsOf.get(tenantId);
    if (known?.own === own) return known.versions;
    const versions: Record<string, string> = {};
    for (const [name, file] of this.shared) versions[`/assets/${name}`] = file.hash;
    for (const [name, file] of own) versions[`/assets/${tenantId}/${name}`] = file.hash;
    this.versionsOf.set(tenantId, { own, versions });
    return versions;
  }

  /** A shared image (tenantId undefined) or one of a tenant's, if it exists. */
  async find(tenantId: string | undefined, name: string): Promise<ServableAsset | undefined> {
    if (!ASSET_FILE_NAME.test(name)) return undefined;
    if (tenantId === undefined) {
      const file = this.shared.get(name);
      return file && { ...file, read: async () => file.bytes };
    }
    const file = (await this.ownFiles(tenantId)).get(name) ?? (await this.store.stat(tenantId, 'assets', name));
    return file && this.servable(tenantId, 'assets', file);
  }

  /** An item photo, if it exists. */
  async findPhoto(tenantId: string, name: string, now = Date.now()): Promise<ServableAsset | undefined> {
    const key = `${tenantId}/${name}`;
    let known = this.photos.get(key);
    if (!known || now - known.at >= FRESH_MS) {
      known = { at: now, file: await this.store.stat(tenantId, 'items', name) };
      if (this.photos.size > 10_000) this.photos.clear();
      this.photos.set(key, known);
    }
    return known.file && this.servable(tenantId, 'items', known.file);
  }

  private servable(tenantId: string, folder: AssetFolder, file: StoredAsset): ServableAsset {
    return { ...file, read: () => this.store.read(tenantId, folder, file.name) };
  }
}

const sameFile = (a: StoredAsset | undefined, b: StoredAsset) =>
  a !== undefined && a.hash === b.hash && a.size === b.size;

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
