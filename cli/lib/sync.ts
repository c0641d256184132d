/**
 * `backlot push|pull|diff`: keeps a tenant folder (tenants/<id>, the `file` TenantStore) and
 * the same tenant in Firestore (the `firestore` TenantStore) in step. Each function returns a
 * report; cli/commands/sync.ts prints it and picks the exit code.
 *
 * The remote version each tenant was last pulled from or pushed to is recorded in
 * `<dataDir>/sync/<tenantId>.json`, so push can tell "Firestore still holds what I last saw"
 * from "someone changed it in the console since" and refuse to overwrite the latter unseen.
 * Differences are JSON Patches (RFC 6902) of the whole tenant ({ site, vendor, categories }),
 * without the editor-only `$schema` keys.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import jsonPatch from 'fast-json-patch';
import { writeFileAtomic } from '../../schema/node/atomic-write';
import type { Issue } from '../../schema/issue';
import type { Tenant } from '../../schema/types.generated';
import { openFirestoreStore } from '../../server/stores/firestore-connection';
import { FileTenantStore } from '../../server/stores/file-tenant-store';
import { diffTenants } from '../../server/stores/tenant-documents';
import {
  TenantExistsError,
  TenantInvalidError,
  UnknownTenantError,
  ValidationFailedError,
  VersionConflictError,
  type JsonPatchOperation,
  type TenantRecord,
  type TenantStore,
} from '../../server/stores/tenant-store';

export {
  FIRESTORE_ENVIRONMENT as REMOTE_ENVIRONMENT,
  hasFirestoreEnvironment as hasRemoteEnvironment,
} from '../../server/stores/firestore-connection';

/** Who the stores' histories name as the author of a write. */
const ACTOR = 'cli';

// ─── Stores ────────────────────────────────────────────────────────────────────────────────

export interface SyncStores {
  local: TenantStore;
  remote: TenantStore;
  /** Closes both (and the firebase-admin app opened for the remote, if any). */
  close(): Promise<void>;
}

export interface OpenStoresOptions {
  tenantsDir: string;
  dataDir: string;
  /** The remote store when injected (tests); else Firestore is opened from the environment. */
  remote?: () => Promise<TenantStore>;
}

export async function openStores(options: OpenStoresOptions): Promise<SyncStores> {
  const local = await FileTenantStore.open({ tenantsDir: options.tenantsDir, dataDir: options.dataDir });
  let remote: { store: TenantStore; close(): Promise<void> };
  try {
    if (options.remote) {
      const store = await options.remote();
      remote = { store, close: () => store.close() };
    } else {
      remote = await openFirestoreStore({ watch: false });
    }
  } catch (error) {
    await local.close();
    throw error;
  }
  return {
    local,
    remote: remote.store,
    async close() {
      try {
        await local.close();
      } finally {
        await remote.close();
      }
    },
  };
}

// ─── The sync record ───────────────────────────────────────────────────────────────────────

export interface SyncRecord {
  /** The remote version last pulled from or pushed to. */
  remoteVersion: string;
  /** ISO 8601 time of that pull or push. */
  at: string;
}

export const syncRecordFile = (dataDir: string, tenantId: string) => path.join(dataDir, 'sync', `${tenantId}.json`);

/** The record, or undefined when there is none (or it is unreadable: then it is as if never synced). */
export async function readSyncRecord(dataDir: string, tenantId: string): Promise<SyncRecord | undefined> {
  let text: string;
  try {
    text = await readFile(syncRecordFile(dataDir, tenantId), 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = JSON.parse(text) as Partial<SyncRecord>;
    if (typeof parsed.remoteVersion !== 'string') return undefined;
    return { remoteVersion: parsed.remoteVersion, at: typeof parsed.at === 'string' ? parsed.at : '' };
  } catch {
    return undefined;
  }
}

export async function writeSyncRecord(
  dataDir: string,
  tenantId: string,
  remoteVersion: string,
  now = new Date(),
): Promise<SyncRecord> {
  const record: SyncRecord = { remoteVersion, at: now.toISOString() };
  const file = syncRecordFile(dataDir, tenantId);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, `${JSON.stringify(record, null, 2)}\n`);
  return record;
}

// ─── Differences ───────────────────────────────────────────────────────────────────────────

export interface Change {
  op: JsonPatchOperation;
  /** The value before the change (replace, remove). */
  before?: unknown;
}

export interface Comparison {
  /** RFC 6902 patch turning the `from` tenant into the `to` tenant. */
  patch: JsonPatchOperation[];
  changes: Change[];
}

/** A missing tenant compares as an empty document, so its patch adds (or removes) every part. */
const EMPTY = {} as Tenant;

export function compareTenants(from: Tenant | undefined, to: Tenant | undefined): Comparison {
  const patch = diffTenants(from ?? EMPTY, to ?? EMPTY);
  const changes = patch.map((op) => {
    if (op.op !== 'replace' && op.op !== 'remove') return { op };
    let before: unknown;
    try {
      before = jsonPatch.getValueByPointer(from ?? EMPTY, op.path);
    } catch {
      before = undefined;
    }
    return { op, before };
  });
  return { patch, changes };
}

const MAX_VALUE = 80;

function shortJson(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

interface Paint {
  green(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
}

const plain: Paint = { green: (t) => t, red: (t) => t, yellow: (t) => t };

/** One line: `~ /site/appTitle: "Old" → "New"`, `+ /site/colorMap/3: {…}`, `- /path`. Not yet made safe for a terminal. */
export function formatChange({ op, before }: Change, paint: Paint = plain): string {
  switch (op.op) {
    case 'add':
      return `${paint.green('+')} ${op.path}: ${shortJson(op.value)}`;
    case 'remove':
      return `${paint.red('-')} ${op.path}`;
    case 'replace':
      return `${paint.yellow('~')} ${op.path}: ${shortJson(before)} → ${shortJson(op.value)}`;
    default:
      return `${paint.yellow('~')} ${op.op} ${op.path}${op.from === undefined ? '' : ` from ${op.from}`}${'value' in op ? `: ${shortJson(op.value)}` : ''}`;
  }
}

// ─── Reading a side ────────────────────────────────────────────────────────────────────────

export type Side = 'local' | 'remote';

type Read = { state: 'missing' } | { state: 'invalid'; issues: Issue[] } | { state: 'present'; record: TenantRecord };

async function read(store: TenantStore, tenantId: string): Promise<Read> {
  try {
    const record = await store.get(tenantId);
    return record ? { state: 'present', record } : { state: 'missing' };
  } catch (error) {
    if (error instanceof TenantInvalidError) return { state: 'invalid', issues: error.issues };
    throw error;
  }
}

/** The current version of a stored tenant that does not validate (get() refuses to return it). */
async function versionOfInvalid(store: TenantStore, tenantId: string): Promise<string | undefined> {
  return (await store.list()).find((summary) => summary.tenantId === tenantId)?.version;
}

/** What a store refusing a write means for the user; other errors are unexpected and rethrown. */
function writeFailure(
  error: unknown,
): { kind: 'rejected'; issues: Issue[] } | { kind: 'raced'; currentVersion?: string } {
  if (error instanceof ValidationFailedError) return { kind: 'rejected', issues: error.issues };
  if (error instanceof VersionConflictError) return { kind: 'raced', currentVersion: error.currentVersion };
  // Created or deleted by someone else between the read and the write.
  if (error instanceof TenantExistsError || error instanceof UnknownTenantError) return { kind: 'raced' };
  throw error;
}

// ─── diff ──────────────────────────────────────────────────────────────────────────────────

export type DiffReport =
  | { kind: 'missing-both' }
  | { kind: 'invalid'; side: Side; issues: Issue[] }
  /** `comparison` goes from the remote to the local tenant: what a push would write. */
  | {
      kind: 'local-only' | 'remote-only' | 'compared';
      comparison: Comparison;
      remoteVersion?: string;
      recorded?: SyncRecord;
    };

export async function diffTenant(stores: SyncStores, dataDir: string, tenantId: string): Promise<DiffReport> {
  const [local, remote, recorded] = await Promise.all([
    read(stores.local, tenantId),
    read(stores.remote, tenantId),
    readSyncRecord(dataDir, tenantId),
  ]);
  if (local.state === 'missing' && remote.state === 'missing') return { kind: 'missing-both' };
  if (local.state === 'invalid') return { kind: 'invalid', side: 'local', issues: local.issues };
  if (remote.state === 'invalid') return { kind: 'invalid', side: 'remote', issues: remote.issues };
  const localTenant = local.state === 'present' ? local.record.tenant : undefined;
  const remoteRecord = remote.state === 'present' ? remote.record : undefined;
  const comparison = compareTenants(remoteRecord?.tenant, localTenant);
  const kind = !remoteRecord ? 'local-only' : !localTenant ? 'remote-only' : 'compared';
  return { kind, comparison, remoteVersion: remoteRecord?.version, recorded };
}

// ─── push ──────────────────────────────────────────────────────────────────────────────────

export interface PushOptions {
  dryRun?: boolean;
  force?: boolean;
}

/** Why a push is refused without --force (and overridden with it). */
export type PushConflict =
  /** Firestore's version is not the one last pulled or pushed: someone changed it since. */
  | 'remote-changed'
  /** Firestore has a different tenant and nothing was ever pulled or pushed from here. */
  | 'never-synced'
  /** Firestore's copy does not validate (edited by hand in the console, say). */
  | 'remote-invalid';

export type PushReport =
  | { kind: 'missing-local' }
  | { kind: 'invalid'; side: 'local'; issues: Issue[] }
  | { kind: 'in-sync'; remoteVersion: string }
  | {
      kind: 'refused';
      conflict: PushConflict;
      remoteVersion?: string;
      recorded?: SyncRecord;
      remoteIssues?: Issue[];
      comparison?: Comparison;
    }
  | { kind: 'rejected'; issues: Issue[] }
  | { kind: 'raced'; currentVersion?: string }
  | {
      kind: 'pushed';
      action: 'create' | 'update';
      dryRun: boolean;
      /** Firestore's version before the push (update) and after it (when written). */
      previousVersion?: string;
      version?: string;
      /** From Firestore's tenant to the local one; undefined when replacing an invalid remote copy. */
      comparison?: Comparison;
      /** The conflict --force overrode, if any. */
      overrode?: PushConflict;
    };

export async function pushTenant(
  stores: SyncStores,
  dataDir: string,
  tenantId: string,
  options: PushOptions = {},
): Promise<PushReport> {
  const local = await read(stores.local, tenantId);
  if (local.state === 'missing') return { kind: 'missing-local' };
  if (local.state === 'invalid') return { kind: 'invalid', side: 'local', issues: local.issues };
  const [remote, recorded] = await Promise.all([read(stores.remote, tenantId), readSyncRecord(dataDir, tenantId)]);

  if (remote.state === 'missing') {
    const comparison = compareTenants(undefined, local.record.tenant);
    if (options.dryRun) return { kind: 'pushed', action: 'create', dryRun: true, comparison };
    let created: TenantRecord;
    try {
      created = await stores.remote.create(tenantId, local.record.tenant, ACTOR);
    } catch (error) {
      return writeFailure(error);
    }
    await writeSyncRecord(dataDir, tenantId, created.version);
    return { kind: 'pushed', action: 'create', dryRun: false, version: created.version, comparison };
  }

  let previousVersion: string;
  let comparison: Comparison | undefined;
  let conflict: PushConflict | undefined;
  if (remote.state === 'invalid') {
    const version = await versionOfInvalid(stores.remote, tenantId);
    if (version === undefined) return { kind: 'raced' };
    previousVersion = version;
    conflict = 'remote-invalid';
    if (!options.force)
      return { kind: 'refused', conflict, remoteVersion: version, recorded, remoteIssues: remote.issues };
  } else {
    previousVersion = remote.record.version;
    comparison = compareTenants(remote.record.tenant, local.record.tenant);
    if (comparison.patch.length === 0) {
      if (!options.dryRun && recorded?.remoteVersion !== previousVersion)
        await writeSyncRecord(dataDir, tenantId, previousVersion);
      return { kind: 'in-sync', remoteVersion: previousVersion };
    }
    if (!recorded) conflict = 'never-synced';
    else if (recorded.remoteVersion !== previousVersion) conflict = 'remote-changed';
    if (conflict && !options.force)
      return { kind: 'refused', conflict, remoteVersion: previousVersion, recorded, comparison };
  }

  if (options.dryRun)
    return { kind: 'pushed', action: 'update', dryRun: true, previousVersion, comparison, overrode: conflict };
  let written: TenantRecord;
  try {
    written = await stores.remote.put(tenantId, local.record.tenant, { ifMatch: previousVersion, actor: ACTOR });
  } catch (error) {
    return writeFailure(error);
  }
  await writeSyncRecord(dataDir, tenantId, written.version);
  return {
    kind: 'pushed',
    action: 'update',
    dryRun: false,
    previousVersion,
    version: written.version,
    comparison,
    overrode: conflict,
  };
}

// ─── pull ──────────────────────────────────────────────────────────────────────────────────

export interface PullOptions {
  dryRun?: boolean;
}

export type PullReport =
  | { kind: 'missing-remote' }
  | { kind: 'invalid'; side: Side; issues: Issue[] }
  | { kind: 'in-sync'; remoteVersion: string }
  | { kind: 'rejected'; issues: Issue[] }
  | { kind: 'raced'; currentVersion?: string }
  | {
      kind: 'pulled';
      action: 'create' | 'update';
      dryRun: boolean;
      remoteVersion: string;
      /** From the local tenant to Firestore's: what the pull changes in tenants/<id>. */
      comparison: Comparison;
    };

export async function pullTenant(
  stores: SyncStores,
  dataDir: string,
  tenantId: string,
  options: PullOptions = {},
): Promise<PullReport> {
  const remote = await read(stores.remote, tenantId);
  if (remote.state === 'missing') return { kind: 'missing-remote' };
  if (remote.state === 'invalid') return { kind: 'invalid', side: 'remote', issues: remote.issues };
  const local = await read(stores.local, tenantId);
  // An invalid folder holds edits in progress that cannot be compared; the user settles them first.
  if (local.state === 'invalid') return { kind: 'invalid', side: 'local', issues: local.issues };

  const remoteVersion = remote.record.version;
  const localRecord = local.state === 'present' ? local.record : undefined;
  const comparison = compareTenants(localRecord?.tenant, remote.record.tenant);
  if (localRecord && comparison.patch.length === 0) {
    if (!options.dryRun) await writeSyncRecord(dataDir, tenantId, remoteVersion);
    return { kind: 'in-sync', remoteVersion };
  }
  const action = localRecord ? 'update' : 'create';
  if (options.dryRun) return { kind: 'pulled', action, dryRun: true, remoteVersion, comparison };
  try {
    if (localRecord)
      await stores.local.put(tenantId, remote.record.tenant, { ifMatch: localRecord.version, actor: ACTOR });
    else await stores.local.create(tenantId, remote.record.tenant, ACTOR);
  } catch (error) {
    return writeFailure(error);
  }
  await writeSyncRecord(dataDir, tenantId, remoteVersion);
  return { kind: 'pulled', action, dryRun: false, remoteVersion, comparison };
}
