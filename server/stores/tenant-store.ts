/**
 * The TenantStore port: where tenant configuration lives and how it changes. Two adapters
 * implement it (`file`: the tenants/ folder; `firestore`: firebase-admin), and one contract
 * test suite runs against both (tests/contract/tenant-store.contract.ts).
 *
 * Every write names the version it was based on; a stale one is refused and nothing changes.
 * Every accepted write is validated first (schema and cross-field rules, on the whole tenant
 * after the change) and kept in a history that can be listed, diffed and restored.
 */
import type { Issue } from '../../schema/issue';
import type { Tenant } from '../../schema/types.generated';

export interface TenantSummary {
  tenantId: string;
  domain: string | null;
  displayName: string | null;
  version: string;
}

export interface TenantRecord {
  tenantId: string;
  /** Content hash of the stored tenant; it changes with any edit, including edits on disk. */
  version: string;
  tenant: Tenant;
}

export interface WriteOptions {
  /** The version the change was based on (from GET's ETag). */
  ifMatch: string;
  /** Who made the change, for the history (an account email, "cli", …). */
  actor: string;
}

export interface HistoryEntry {
  version: string;
  previousVersion: string | null;
  actor: string;
  /** ISO 8601 time of the write. */
  at: string;
  /** JSON pointers (into the whole tenant) of what the write changed. */
  changed: string[];
}

export interface JsonPatchOperation {
  op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
  path: string;
  value?: unknown;
  from?: string;
}

/** The stored tenant does not pass validation (its files were edited by hand, say). */
export class TenantInvalidError extends Error {
  constructor(
    readonly tenantId: string,
    readonly issues: Issue[],
    /** The stored version (what a repairing write sends as If-Match), when known. */
    readonly version?: string,
    /** The stored texts by part ("site" …), so the problem lines can be shown. */
    readonly texts?: Partial<Record<string, string>>,
  ) {
    super(`tenant ${tenantId} is invalid: ${issues.length} issue(s)`);
  }
}

/**
 * The newest version in a tenant's history that still reads and validates: what is served while
 * the stored tenant is invalid (its files broken by hand), with its place in the history (1 for
 * the first write). Undefined when there is none.
 */
export async function lastValidVersion(
  store: TenantStore,
  tenantId: string,
): Promise<{ record: TenantRecord; entryId: number } | undefined> {
  const log = await store.history(tenantId);
  for (const [index, entry] of log.entries()) {
    try {
      return {
        record: { tenantId, version: entry.version, tenant: await store.atVersion(tenantId, entry.version) },
        entryId: log.length - index,
      };
    } catch (error) {
      if (!(error instanceof VersionUnusableError) && !(error instanceof UnknownVersionError)) throw error;
    }
  }
  return undefined;
}

/** A write would leave the tenant invalid; nothing was written. Issue files are tenant parts ("site", …). */
export class ValidationFailedError extends Error {
  constructor(readonly issues: Issue[]) {
    super(issues.map((issue) => `${issue.file}${issue.pointer} ${issue.message}`).join('; '));
  }
}

/**
 * The write claims a domain another tenant serves. The owner is kept for platform staff; the
 * message does not name it, since a tenant admin may not know that tenant exists.
 */
export class DomainTakenError extends ValidationFailedError {
  constructor(
    readonly domain: string,
    readonly owner: string,
  ) {
    super([
      {
        file: 'site',
        line: 1,
        column: 1,
        pointer: '/domain',
        message: `domain ${JSON.stringify(domain)} is already taken; each domain serves one tenant`,
        rule: 'unique-domain',
      },
    ]);
  }
}

/** The write was based on a version that is no longer current; nothing was written. */
export class VersionConflictError extends Error {
  constructor(
    readonly tenantId: string,
    readonly currentVersion: string,
  ) {
    super(`tenant ${tenantId} has changed since that version (now ${currentVersion})`);
  }
}

/**
 * A version in the history whose stored form does not parse or validate (kept by an older
 * server from files broken by hand). It is never shown or restored.
 */
export class VersionUnusableError extends Error {
  constructor(
    readonly tenantId: string,
    readonly version: string,
    readonly issues: Issue[],
  ) {
    super(
      `version ${version} of tenant ${tenantId} does not pass validation (${issues.length} problem${issues.length === 1 ? '' : 's'}: it was saved from files edited by hand), so it cannot be shown or restored`,
    );
  }
}

export class TenantExistsError extends Error {
  constructor(readonly tenantId: string) {
    super(`tenant ${tenantId} already exists`);
  }
}

/** An id a closed (archived) tenant had: never given again, so nothing of the old tenant's can reach the new one. */
export class TenantIdRetiredError extends TenantExistsError {
  constructor(tenantId: string) {
    super(tenantId);
    this.message = `the id ${tenantId} belonged to a tenant that was closed; an id is never given again`;
  }
}

export class UnknownTenantError extends Error {
  constructor(readonly tenantId: string) {
    super(`there is no tenant ${tenantId}`);
  }
}

export class UnknownVersionError extends Error {
  constructor(
    readonly tenantId: string,
    readonly version: string,
  ) {
    super(`tenant ${tenantId} has no version ${version} in its history`);
  }
}

export interface TenantStore {
  readonly kind: 'file' | 'firestore';
  /** Every tenant, sorted by id (summaries are cheap: no validation). */
  list(): Promise<TenantSummary[]>;
  /** The tenant, undefined when there is none; throws TenantInvalidError when its stored form is invalid. */
  get(tenantId: string): Promise<TenantRecord | undefined>;
  /** The tenant serving a host name (exact `site.domain` match); constant time. */
  tenantForDomain(domain: string): string | undefined;
  /**
   * Hears each tenant created, changed or archived through this store (and, on Firestore, by any
   * server, through its listener): the tenant's id. A change made by hand on disk is not heard:
   * readers that must see those list() now and then. Returns the unsubscribe.
   */
  subscribe(listener: (tenantId: string) => void): () => void;
  /** Whether a tenant with this id exists (for `<id>.localhost` routing). */
  has(tenantId: string): boolean;
  /** Whether the id was ever given: a tenant has it now, or had it and was archived. */
  everUsed(tenantId: string): Promise<boolean>;
  /** Makes a tenant; TenantExistsError when one has the id, TenantIdRetiredError when an archived one had it. */
  create(tenantId: string, tenant: Tenant, actor: string): Promise<TenantRecord>;
  /** Replaces the whole tenant if `ifMatch` is still current. */
  put(tenantId: string, tenant: Tenant, options: WriteOptions): Promise<TenantRecord>;
  /** Accepted writes, newest first. */
  history(tenantId: string): Promise<HistoryEntry[]>;
  /** The tenant as it was at a version in its history. */
  atVersion(tenantId: string, version: string): Promise<Tenant>;
  /** What changed from one version to another, as a JSON Patch. */
  diff(tenantId: string, fromVersion: string, toVersion: string): Promise<JsonPatchOperation[]>;
  /** Writes an earlier version back as a new write (itself recorded in the history). */
  restore(tenantId: string, version: string, options: WriteOptions): Promise<TenantRecord>;
  /**
   * Takes a tenant out of service if `ifMatch` is still current, keeping it and its history in
   * an archive (nothing is destroyed). Afterwards get() finds nothing, has() is false and the
   * domain is free; the id is retired: no tenant is created with it again.
   */
  archive(tenantId: string, options: WriteOptions): Promise<void>;
  close(): Promise<void>;
}
