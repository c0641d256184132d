/**
 * The `file` TenantStore: the tenants/ folder itself, so tenants stay reviewable in git.
 *
 * - Reads are cached and revalidated against the files' stat at most once per `revalidateMs`,
 *   so edits by hand or by `git pull` are picked up without a restart.
 * - Writes are serialised per tenant, compared against the current version, validated, then
 *   applied through a journal (see file-history.ts) so a crash never leaves a tenant half
 *   written: each file is replaced atomically and an interrupted write is completed on open.
 * - Start-up reads only each site.json's domain (no validation), so 10,000 tenants start fast.
 */
import { statSync, watch, type FSWatcher } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  createFolderAtomic,
  moveFolder,
  removeStaleTemporaries,
  writeFileAtomic,
} from '../../schema/node/atomic-write';
import { checkDefinition } from '../../schema/node/ajv';
import {
  listTenantDirs,
  readDomainClaim,
  readSourceSync,
  TENANT_PARTS,
  tenantFileName,
  type TenantPart,
} from '../../schema/node/loader';
import { schemaPathFrom } from '../../schema/node/package-root';
import type { Tenant } from '../../schema/types.generated';
import { FileHistory } from './file-history';
import { completeTexts } from '../../schema/tenant-files';
import {
  changedPointers,
  diffTenants,
  domainClash,
  renderTenant,
  tenantAtVersion,
  validateTexts,
  versionOf,
  versionOfStored,
  type TenantTexts,
} from './tenant-documents';
import { IndexedTenantStore, type LoadedTenant } from './store-support';
import {
  TenantExistsError,
  TenantIdRetiredError,
  UnknownTenantError,
  UnknownVersionError,
  ValidationFailedError,
  VersionConflictError,
  type HistoryEntry,
  type TenantRecord,
  type TenantStore,
  type TenantSummary,
  type WriteOptions,
} from './tenant-store';

export interface FileTenantStoreOptions {
  tenantsDir: string;
  dataDir: string;
  /** How stale a cached tenant may get before its files are checked again (default 1 s). */
  revalidateMs?: number;
  /**
   * How often the tenants folder is listed again, so tenants added or removed on disk (by
   * `backlot new`, `git pull`) are routed by their domain without a restart (default 5 s; 0: never).
   */
  rescanMs?: number;
  now?: () => Date;
}

interface CachedTenant {
  texts: Partial<TenantTexts>;
  version: string;
  /** The list entry, built once per version of the files. */
  summary: TenantSummary;
  /** The validation verdict, worked out when first needed (listing does not need it). */
  checked?: { tenant?: Tenant; issues: ValidationFailedError['issues'] };
  fingerprint: string;
  checkedAt: number;
}

const isTenantId = (id: string) => checkDefinition('tenantId', id) === true;

/** The list entry of a tenant, read even when the tenant is invalid. */
function summarise(tenantId: string, version: string, texts: Partial<TenantTexts>): TenantSummary {
  const field = (text: string | undefined, key: string) => {
    try {
      const value = text === undefined ? undefined : (JSON.parse(text) as Record<string, unknown>)[key];
      return typeof value === 'string' ? value : null;
    } catch {
      return null;
    }
  };
  return { tenantId, version, domain: field(texts.site, 'domain'), displayName: field(texts.vendor, 'displayName') };
}

export class FileTenantStore extends IndexedTenantStore implements TenantStore {
  readonly kind = 'file';
  private readonly cache = new Map<string, CachedTenant>();
  private readonly log: FileHistory;
  private readonly revalidateMs: number;
  private readonly now: () => Date;
  private rescanTimer: NodeJS.Timeout | undefined;
  private folderWatch: FSWatcher | undefined;
  private rescanSoon: NodeJS.Timeout | undefined;

  private constructor(private readonly options: FileTenantStoreOptions) {
    super();
    this.log = new FileHistory(options.dataDir);
    this.revalidateMs = options.revalidateMs ?? 1000;
    this.now = options.now ?? (() => new Date());
  }

  static async open(options: FileTenantStoreOptions): Promise<FileTenantStore> {
    const store = new FileTenantStore(options);
    for (const journal of await store.log.pendingJournals()) await store.completeJournal(journal);
    await store.rescan();
    // In the background: with thousands of tenants it is one folder read each, and nothing waits on it.
    store.sweep = store.removeStaleTemporaries().catch(() => []);
    const every = options.rescanMs ?? 5000;
    if (every > 0) {
      store.rescanTimer = setInterval(() => void store.rescan().catch(() => undefined), every);
      store.rescanTimer.unref();
      store.watchFolder();
    }
    return store;
  }

  /**
   * A tenant folder added or removed (`backlot new` renames one in) is seen at once: the tenants
   * folder is watched and listed again 50 ms after it changes (edits inside a tenant fire nothing
   * here: its files are checked on read). A folder that cannot be watched (some network disks)
   * has the timer alone.
   */
  private watchFolder() {
    try {
      this.folderWatch = watch(this.options.tenantsDir, { persistent: false }, () => {
        clearTimeout(this.rescanSoon);
        this.rescanSoon = setTimeout(() => void this.rescan().catch(() => undefined), 50);
        this.rescanSoon.unref();
      });
      this.folderWatch.on('error', () => this.folderWatch?.close());
    } catch {
      this.folderWatch = undefined;
    }
  }

  /** Temporary files of writes a crash interrupted, removed at open (paths relative to their root). */
  sweep: Promise<string[]> = Promise.resolve([]);

  private async removeStaleTemporaries(): Promise<string[]> {
    const { tenantsDir, dataDir } = this.options;
    const dirs = [
      tenantsDir,
      ...(await listTenantDirs(tenantsDir).catch(() => [] as string[])),
      ...(await this.log.folders()),
    ];
    const removed: string[] = [];
    for (const dir of dirs)
      for (const name of await removeStaleTemporaries(dir))
        removed.push(path.relative(dir.startsWith(dataDir) ? dataDir : tenantsDir, path.join(dir, name)));
    return removed;
  }

  /** Lists the tenants folder: indexes the domains of tenants not seen before, forgets removed ones. */
  async rescan(): Promise<void> {
    const present = new Set<string>();
    for (const dir of await listTenantDirs(this.options.tenantsDir).catch(() => [] as string[])) {
      const tenantId = path.basename(dir);
      if (!isTenantId(tenantId)) continue;
      present.add(tenantId);
      // A folder seen before its files were all there (copied in, not renamed in) has its domain read again until it has one.
      if (this.ids.has(tenantId) && this.domains.domainOf(tenantId) !== undefined) continue;
      this.ids.add(tenantId);
      this.domains.set(tenantId, readDomainClaim(dir)?.domain);
    }
    for (const tenantId of [...this.ids]) {
      if (present.has(tenantId)) continue;
      this.ids.delete(tenantId);
      this.cache.delete(tenantId);
      this.domains.set(tenantId, undefined);
    }
  }

  private dirOf(tenantId: string) {
    return path.join(this.options.tenantsDir, tenantId);
  }

  /** Identity of the three files on disk; synchronous like the reads (a few µs, versus a thread-pool round trip each). */
  private fingerprint(tenantId: string): string | undefined {
    const stats = TENANT_PARTS.map((part) =>
      statSync(path.join(this.dirOf(tenantId), tenantFileName(part)), { throwIfNoEntry: false }),
    );
    if (stats.every((s) => s === undefined)) return undefined;
    return stats.map((s) => (s ? `${s.ino}:${s.size}:${s.mtimeMs}` : '-')).join('|');
  }

  /** The cached tenant, re-read when its files changed (checked at most once per revalidateMs unless `fresh`). */
  /** The validated tenant, for reads (IndexedTenantStore.get). */
  protected async load(tenantId: string): Promise<LoadedTenant | undefined> {
    const entry = await this.entry(tenantId);
    return entry && { version: entry.version, texts: entry.texts, ...this.checked(tenantId, entry) };
  }

  /** An entry's validation verdict, worked out once per version of its files. */
  private checked(tenantId: string, entry: CachedTenant): NonNullable<CachedTenant['checked']> {
    if (!entry.checked) {
      try {
        entry.checked = { tenant: validateTexts(tenantId, completeTexts(entry.texts)), issues: [] };
      } catch (error) {
        if (!(error instanceof ValidationFailedError)) throw error;
        entry.checked = { issues: error.issues };
      }
    }
    return entry.checked;
  }

  private async entry(tenantId: string, fresh = false): Promise<CachedTenant | undefined> {
    if (!isTenantId(tenantId)) return undefined;
    const cached = this.cache.get(tenantId);
    const nowMs = Date.now();
    if (cached && !fresh && nowMs - cached.checkedAt < this.revalidateMs) return cached;
    const fingerprint = this.fingerprint(tenantId);
    if (fingerprint === undefined) {
      this.cache.delete(tenantId);
      this.ids.delete(tenantId);
      this.domains.set(tenantId, undefined);
      return undefined;
    }
    if (cached && cached.fingerprint === fingerprint) {
      cached.checkedAt = nowMs;
      return cached;
    }
    const texts: Partial<TenantTexts> = {};
    for (const part of TENANT_PARTS) {
      const text = readSourceSync(path.join(this.dirOf(tenantId), tenantFileName(part)));
      if (typeof text === 'string') texts[part] = text;
    }
    const version = versionOfStored(texts);
    const entry: CachedTenant = {
      texts,
      version,
      summary: summarise(tenantId, version, texts),
      fingerprint,
      checkedAt: nowMs,
    };
    this.cache.set(tenantId, entry);
    this.ids.add(tenantId);
    this.domains.set(tenantId, entry.summary.domain ?? this.domains.domainOf(tenantId));
    return entry;
  }

  async list(): Promise<TenantSummary[]> {
    const dirs = await listTenantDirs(this.options.tenantsDir).catch(() => [] as string[]);
    const summaries: TenantSummary[] = [];
    for (const dir of dirs) {
      const tenantId = path.basename(dir);
      const entry = await this.entry(tenantId);
      if (entry) summaries.push(entry.summary);
    }
    return summaries;
  }

  private schemaPaths(tenantId: string, texts: Partial<TenantTexts>): Record<TenantPart, string> {
    const paths = {} as Record<TenantPart, string>;
    for (const part of TENANT_PARTS) {
      let existing: unknown;
      try {
        existing = texts[part] ? (JSON.parse(texts[part]) as { $schema?: unknown }).$schema : undefined;
      } catch {
        existing = undefined;
      }
      paths[part] = typeof existing === 'string' ? existing : schemaPathFrom(this.dirOf(tenantId), part);
    }
    return paths;
  }

  private checkDomain(tenantId: string, tenant: Tenant) {
    const owner = this.domains.tenantFor(tenant.site.domain);
    if (owner !== undefined && owner !== tenantId) throw domainClash(tenant.site.domain, owner);
  }

  async create(tenantId: string, tenant: Tenant, actor: string): Promise<TenantRecord> {
    if (!isTenantId(tenantId))
      throw new ValidationFailedError([
        {
          file: 'site',
          line: 1,
          column: 1,
          pointer: '/tenantId',
          message: `tenant id ${checkDefinition('tenantId', tenantId)}`,
          rule: 'schema/pattern',
        },
      ]);
    return this.locks.run(tenantId, async () => {
      if (await this.entry(tenantId, true)) throw new TenantExistsError(tenantId);
      if (await this.wasArchived(tenantId)) throw new TenantIdRetiredError(tenantId);
      const texts = renderTenant(tenant, this.schemaPaths(tenantId, {}));
      const valid = validateTexts(tenantId, texts);
      this.checkDomain(tenantId, valid);
      const version = versionOf(texts);
      await this.log.saveSnapshot(tenantId, version, texts);
      try {
        await createFolderAtomic(
          this.dirOf(tenantId),
          Object.fromEntries(TENANT_PARTS.map((part) => [tenantFileName(part), texts[part]])),
        );
      } catch (error) {
        if ((error as Error).name === 'AlreadyExistsError') throw new TenantExistsError(tenantId);
        throw error;
      }
      await this.log.append(tenantId, {
        version,
        previousVersion: null,
        actor,
        at: this.now().toISOString(),
        changed: [''],
      });
      this.cache.delete(tenantId);
      await this.entry(tenantId, true);
      this.announce(tenantId);
      return { tenantId, version, tenant: valid };
    });
  }

  async everUsed(tenantId: string): Promise<boolean> {
    return isTenantId(tenantId) && (this.has(tenantId) || (await this.wasArchived(tenantId)));
  }

  /** Whether an archive folder (`<id>-<time>`, its archived.json naming the id) holds a tenant with this id. */
  private async wasArchived(tenantId: string): Promise<boolean> {
    const archive = path.join(this.options.dataDir, 'archive');
    const names = await readdir(archive).catch(() => [] as string[]);
    for (const name of names.filter((candidate) => candidate.startsWith(`${tenantId}-`))) {
      const note = await readFile(path.join(archive, name, 'archived.json'), 'utf8').catch(() => undefined);
      if (note && (JSON.parse(note) as { tenantId?: string }).tenantId === tenantId) return true;
    }
    return false;
  }

  async put(tenantId: string, tenant: Tenant, options: WriteOptions): Promise<TenantRecord> {
    return this.locks.run(tenantId, async () => {
      const current = await this.entry(tenantId, true);
      if (!current) throw new UnknownTenantError(tenantId);
      if (current.version !== options.ifMatch) throw new VersionConflictError(tenantId, current.version);
      const texts = renderTenant(tenant, this.schemaPaths(tenantId, current.texts));
      const valid = validateTexts(tenantId, texts);
      this.checkDomain(tenantId, valid);
      const version = versionOf(texts);
      if (version === current.version) return { tenantId, version, tenant: valid };

      // The version replaced is kept only if it is valid: a tenant broken by hand and repaired
      // here leaves no unusable version behind (history only ever holds tenants that validate).
      const previous = this.checked(tenantId, current).tenant;
      const entry: HistoryEntry = {
        version,
        previousVersion: previous ? current.version : null,
        actor: options.actor,
        at: this.now().toISOString(),
        changed: changedPointers(previous, valid),
      };
      const changedTexts = Object.fromEntries(
        TENANT_PARTS.filter((part) => texts[part] !== current.texts[part]).map((part) => [part, texts[part]]),
      );
      if (previous) await this.log.saveSnapshot(tenantId, current.version, completeTexts(current.texts));
      await this.log.saveSnapshot(tenantId, version, texts);
      await this.log.writeJournal({ tenantId, version, entry, texts: changedTexts });
      await this.applyFiles(tenantId, changedTexts);
      await this.log.append(tenantId, entry);
      await this.log.clearJournal(tenantId);
      await this.entry(tenantId, true);
      this.announce(tenantId);
      return { tenantId, version, tenant: valid };
    });
  }

  private async applyFiles(tenantId: string, texts: Partial<TenantTexts>) {
    for (const [part, text] of Object.entries(texts))
      await writeFileAtomic(path.join(this.dirOf(tenantId), tenantFileName(part as TenantPart)), text);
  }

  /** Finishes a write a crash interrupted: every file of its version, then its history line. */
  private async completeJournal(journal: Parameters<FileHistory['writeJournal']>[0]) {
    await this.applyFiles(journal.tenantId, journal.texts);
    const [latest] = await this.log.entries(journal.tenantId);
    if (latest?.version !== journal.version) await this.log.append(journal.tenantId, journal.entry);
    await this.log.clearJournal(journal.tenantId);
  }

  async history(tenantId: string): Promise<HistoryEntry[]> {
    if (!(await this.entry(tenantId))) throw new UnknownTenantError(tenantId);
    return this.log.entries(tenantId);
  }

  async atVersion(tenantId: string, version: string): Promise<Tenant> {
    const current = await this.entry(tenantId);
    const currentTenant = current?.version === version ? this.checked(tenantId, current).tenant : undefined;
    if (currentTenant) return currentTenant;
    const texts = await this.log.snapshot(tenantId, version);
    if (!texts) throw new UnknownVersionError(tenantId, version);
    return tenantAtVersion(tenantId, version, texts);
  }

  async diff(tenantId: string, fromVersion: string, toVersion: string) {
    return diffTenants(await this.atVersion(tenantId, fromVersion), await this.atVersion(tenantId, toVersion));
  }

  async restore(tenantId: string, version: string, options: WriteOptions): Promise<TenantRecord> {
    return this.put(tenantId, await this.atVersion(tenantId, version), options);
  }

  /**
   * Moves tenants/<id>/ to <dataDir>/archive/<id>-<time>/tenant (one rename), then its history
   * beside it. The first step takes the tenant out of service; if a crash comes between the two,
   * the history is still under history/<id> and the archive folder says which version left.
   */
  async archive(tenantId: string, options: WriteOptions): Promise<void> {
    return this.locks.run(tenantId, async () => {
      const current = await this.entry(tenantId, true);
      if (!current) throw new UnknownTenantError(tenantId);
      if (current.version !== options.ifMatch) throw new VersionConflictError(tenantId, current.version);
      const at = this.now().toISOString();
      const target = path.join(this.options.dataDir, 'archive', `${tenantId}-${at.replace(/[:.]/g, '-')}`);
      await mkdir(target, { recursive: true });
      await writeFileAtomic(
        path.join(target, 'archived.json'),
        `${JSON.stringify({ tenantId, version: current.version, actor: options.actor, at }, null, 2)}\n`,
      );
      await moveFolder(this.dirOf(tenantId), path.join(target, 'tenant'));
      this.cache.delete(tenantId);
      this.ids.delete(tenantId);
      this.domains.set(tenantId, undefined);
      await this.log.moveTo(tenantId, path.join(target, 'history'));
      this.announce(tenantId);
    });
  }

  async close(): Promise<void> {
    clearInterval(this.rescanTimer);
    clearTimeout(this.rescanSoon);
    this.folderWatch?.close();
    await this.locks.idle();
  }
}
