/**
 * The image files a storefront serves: each tenant's `assets/` folder (`/assets/<tenantId>/<file>`)
 * and the shared ones every tenant may use (`/assets/<file>`, e.g. the default avatar). Each file
 * gets a short content hash; pages put it in the URL (`?v=<hash>`), so a changed logo gets a new
 * URL and an unchanged one can be cached for a year.
 *
 * A folder is looked at again at most once a second (stat only; a file is hashed again only when
 * its size or mtime moved), so edits on disk show on the next page load without per-request reads.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface AssetFile {
  path: string;
  hash: string;
  size: number;
  mtimeMs: number;
}

/** File names an asset may have: no folders, no dot files, one known image extension. */
const ASSET_NAME = /^[a-z0-9][a-z0-9._-]{0,120}\.(svg|png|jpe?g|webp|avif|gif|ico)$/i;

export const ASSET_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  ico: 'image/x-icon',
};

const RESCAN_MS = 1000;

class AssetFolder {
  private files = new Map<string, AssetFile>();
  private scannedAt = -Infinity;

  constructor(private readonly dir: string) {}

  /** Looked at again on the next read (a file was just written or removed here). */
  forget(): void {
    this.scannedAt = -Infinity;
  }

  current(now = Date.now()): ReadonlyMap<string, AssetFile> {
    if (now - this.scannedAt >= RESCAN_MS) this.scan(now);
    return this.files;
  }

  private scan(now: number) {
    this.scannedAt = now;
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      names = [];
    }
    const next = new Map<string, AssetFile>();
    for (const name of names) {
      if (!ASSET_NAME.test(name)) continue;
      const file = path.join(this.dir, name);
      const stat = statSync(file, { throwIfNoEntry: false });
      if (!stat?.isFile()) continue;
      const known = this.files.get(name);
      if (known && known.size === stat.size && known.mtimeMs === stat.mtimeMs) next.set(name, known);
      else next.set(name, { path: file, size: stat.size, mtimeMs: stat.mtimeMs, hash: createHash('sha256').update(readFileSync(file)).digest('base64url').slice(0, 10) });
    }
    // Unchanged: keep the same map, so callers can tell "nothing moved" by identity.
    const same = next.size === this.files.size && [...next].every(([name, file]) => this.files.get(name) === file);
    if (!same) this.files = next;
  }
}

export class AssetCatalog {
  private readonly folders = new Map<string, AssetFolder>();
  private readonly versionsOf = new Map<string, { shared: ReadonlyMap<string, AssetFile>; own: ReadonlyMap<string, AssetFile>; versions: Record<string, string> }>();

  constructor(
    private readonly tenantsDir: string,
    private readonly sharedDir: string,
  ) {}

  private folder(dir: string): AssetFolder {
    let folder = this.folders.get(dir);
    if (!folder) this.folders.set(dir, (folder = new AssetFolder(dir)));
    return folder;
  }

  private tenantFolder(tenantId: string) {
    return this.folder(path.join(this.tenantsDir, tenantId, 'assets'));
  }

  /** The file behind a URL path's parts, if it exists: (tenantId, name) or (undefined, name) for a shared one. */
  find(tenantId: string | undefined, name: string): AssetFile | undefined {
    if (!ASSET_NAME.test(name)) return undefined;
    if (tenantId !== undefined && !/^[a-z0-9-]+$/.test(tenantId)) return undefined;
    return (tenantId === undefined ? this.folder(this.sharedDir) : this.tenantFolder(tenantId)).current().get(name);
  }

  /** The tenant's own files by name. */
  ownFiles(tenantId: string): ReadonlyMap<string, AssetFile> {
    return this.tenantFolder(tenantId).current();
  }

  /** The tenant's folder changed (an upload or removal through the API): read it again now. */
  changed(tenantId: string): void {
    this.tenantFolder(tenantId).forget();
  }

  /**
   * Every URL path a tenant's pages may use → its content hash (shared files and the tenant's own).
   * The same object until a file changes, so callers compare it by identity.
   */
  versions(tenantId: string): Record<string, string> {
    const shared = this.folder(this.sharedDir).current();
    const own = this.tenantFolder(tenantId).current();
    const known = this.versionsOf.get(tenantId);
    if (known?.shared === shared && known.own === own) return known.versions;
    const versions: Record<string, string> = {};
    for (const [name, file] of shared) versions[`/assets/${name}`] = file.hash;
    for (const [name, file] of own) versions[`/assets/${tenantId}/${name}`] = file.hash;
    this.versionsOf.set(tenantId, { shared, own, versions });
    return versions;
  }
}
