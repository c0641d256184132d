/**
 * The AssetStore on disk (the default): `<tenantsDir>/<tenantId>/assets/` and `…/items/`, beside
 * the tenant's JSON, so `git` and `backlot validate` see them with the configuration; the private
 * folders (documents, import mappings) in `<privateDir>/<folder>/<tenantId>/` (the data folder),
 * apart from it. Writes are
 * atomic (a temporary file renamed over the old). Hashes are kept by size and mtime, so a file is
 * read again only when it changed. Several servers may share the folder (a network disk): every
 * read goes to the disk.
 */
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../../schema/node/atomic-write';
import {
  fileNameRule,
  contentHash,
  isPrivateFolder,
  isStorableName,
  TENANT_ID,
  type AssetFolder,
  type AssetStore,
  type StoredAsset,
} from './asset-store';

export class FileAssetStore implements AssetStore {
  readonly description: string;
  /** By full path: the hash of the bytes that had this size and mtime. */
  private readonly hashes = new Map<string, { size: number; mtimeMs: number; hash: string }>();

  /** Private folders are kept apart from the tenants folder (`privateDir`: the data folder), so they never reach the configuration's repository. */
  constructor(
    private readonly tenantsDir: string,
    private readonly privateDir?: string,
  ) {
    this.description = `the tenants folder (${tenantsDir})`;
  }

  private folderOf(tenantId: string, folder: AssetFolder): string {
    if (!isPrivateFolder(folder)) return path.join(this.tenantsDir, tenantId, folder);
    if (!this.privateDir) throw new Error(`this file store keeps no private ${folder} (no data folder given)`);
    return path.join(this.privateDir, folder, tenantId);
  }

  private pathOf(tenantId: string, folder: AssetFolder, name: string): string {
    if (!isStorableName(tenantId, name, folder))
      throw new Error(`not a storable file name: ${tenantId}/${folder}/${name}`);
    return path.join(this.folderOf(tenantId, folder), name);
  }

  async list(tenantId: string, folder: AssetFolder): Promise<StoredAsset[]> {
    if (!TENANT_ID.test(tenantId)) return [];
    const names = await readdir(this.folderOf(tenantId, folder)).catch(() => [] as string[]);
    const found = await Promise.all(
      names.filter((name) => fileNameRule(folder).test(name)).map((name) => this.stat(tenantId, folder, name)),
    );
    return found.filter((file) => file !== undefined);
  }

  async stat(tenantId: string, folder: AssetFolder, name: string): Promise<StoredAsset | undefined> {
    if (!isStorableName(tenantId, name, folder)) return undefined;
    const file = this.pathOf(tenantId, folder, name);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const known = this.hashes.get(file);
    if (known && known.size === info.size && known.mtimeMs === info.mtimeMs)
      return { name, hash: known.hash, size: info.size };
    const bytes = await readFile(file).catch(() => undefined);
    if (!bytes) return undefined;
    const hash = contentHash(bytes);
    this.hashes.set(file, { size: info.size, mtimeMs: info.mtimeMs, hash });
    return { name, hash, size: bytes.length };
  }

  async read(tenantId: string, folder: AssetFolder, name: string): Promise<Buffer | undefined> {
    if (!isStorableName(tenantId, name, folder)) return undefined;
    return readFile(this.pathOf(tenantId, folder, name)).catch(() => undefined);
  }

  async write(tenantId: string, folder: AssetFolder, name: string, bytes: Buffer): Promise<StoredAsset> {
    const file = this.pathOf(tenantId, folder, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFileAtomic(file, bytes);
    return { name, hash: contentHash(bytes), size: bytes.length };
  }

  async remove(tenantId: string, folder: AssetFolder, name: string): Promise<boolean> {
    if (!isStorableName(tenantId, name, folder)) return false;
    const file = this.pathOf(tenantId, folder, name);
    const existed = await stat(file).then(
      () => true,
      () => false,
    );
    await rm(file, { force: true });
    return existed;
  }
}
