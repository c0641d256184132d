/**
 * Reads and checks tenants: `tenants/<id>/{site,vendor,categories}.json`.
 *
 * Every problem comes back as an Issue located at file:line:col; nothing here throws on bad
 * input. `checkTenantSources` works on text (the server and tests use it without touching
 * disk); `loadTenant` and `loadTenants` add the file system.
 */
import { closeSync, constants as fsConstants, fstatSync, openSync, readSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import { getAjv } from './ajv';
import { partValidators, usePrecompiledValidators, type PartValidators } from './validator-registry';
import { schemaIds } from './documents';
import { compareIssues, type Issue } from './issue';
import { parseJsonSource } from './json-source';
import { problemsFromAjv } from './ajv-messages';
import { checkTenantRules, findSharedDomains, TENANT_PARTS, type DomainClaim, type TenantPart } from './rules';
import type { Tenant } from './types.generated';

export { TENANT_PARTS, type TenantPart };

/** Tenant files are hand-edited config; anything larger is a mistake, not a tenant. */
export const MAX_TENANT_FILE_BYTES = 5 * 1024 * 1024;

export const tenantFileName = (part: TenantPart) => `${part}.json`;

export interface TenantReport {
  tenantId: string;
  /** The file each part was read from, as the caller named it. */
  files: Record<TenantPart, string>;
  /**
   * The parsed tenant, present when its own files have no issues. Issues between tenants
   * (a domain claimed twice) are added to `issues` but leave it in place.
   */
  tenant?: Tenant;
  issues: Issue[];
  /** Each part's JSON value when it parsed, valid or not (for listings and formatting). */
  parsed: Partial<Record<TenantPart, unknown>>;
  /** Source position of a pointer in one of the parts that parsed (line 1, column 1 otherwise). */
  locate(part: TenantPart, pointer: string): { line: number; column: number };
}

export interface TenantsReport {
  tenants: TenantReport[];
  /** Every issue, including those between tenants (such as a domain claimed twice). */
  issues: Issue[];
}

export { usePrecompiledValidators };

function validatorFor(part: TenantPart): ValidateFunction {
  return partValidators(() => Object.fromEntries(TENANT_PARTS.map((p) => [p, getAjv().getSchema(schemaIds[p])!])) as PartValidators)[part];
}

/** The file's text, or why it could not be read. */
export type SourceText = string | { unreadable: string };

export function checkTenantSources(
  tenantId: string,
  sources: Partial<Record<TenantPart, SourceText>>,
  files: Record<TenantPart, string>,
): TenantReport {
  const issues: Issue[] = [];
  const valid: Partial<Tenant> = {};
  const parsedValues: Partial<Record<TenantPart, unknown>> = {};
  const locators: Partial<Record<TenantPart, (pointer: string, at?: 'key' | 'value') => { line: number; column: number }>> = {};

  for (const part of TENANT_PARTS) {
    const file = files[part];
    const source = sources[part];
    if (source === undefined) {
      issues.push({ file, line: 1, column: 1, pointer: '', message: `missing file: a tenant folder holds ${TENANT_PARTS.map(tenantFileName).join(', ')}`, rule: 'missing-file' });
      continue;
    }
    if (typeof source !== 'string') {
      issues.push({ file, line: 1, column: 1, pointer: '', message: source.unreadable, rule: 'unreadable-file' });
      continue;
    }
    const parsed = parseJsonSource(source);
    if (!parsed.ok) {
      issues.push({ file, ...parsed.position, pointer: '', message: parsed.problem.message, rule: parsed.problem.rule ?? 'json-syntax' });
      continue;
    }
    locators[part] = parsed.locate;
    parsedValues[part] = parsed.value;
    for (const pointer of parsed.duplicateKeys) {
      issues.push({ file, ...parsed.locate(pointer, 'key'), pointer, message: 'duplicate key: JSON keeps only the last one, so the earlier value is silently lost', rule: 'duplicate-key' });
    }
    const validate = validatorFor(part);
    if (validate(parsed.value)) {
      if (parsed.duplicateKeys.length === 0) (valid as Record<TenantPart, unknown>)[part] = parsed.value;
    } else {
      for (const problem of problemsFromAjv(validate.errors)) {
        issues.push({ file, ...parsed.locate(problem.pointer, problem.at), pointer: problem.pointer, message: problem.message, rule: problem.rule });
      }
    }
  }

  for (const finding of checkTenantRules(valid, { tenantId })) {
    const locate = locators[finding.part]!;
    issues.push({ file: files[finding.part], ...locate(finding.pointer), pointer: finding.pointer, message: finding.message, rule: finding.rule });
  }

  issues.sort(compareIssues);
  const complete = TENANT_PARTS.every((part) => valid[part] !== undefined);
  const locate = (part: TenantPart, pointer: string) => locators[part]?.(pointer) ?? { line: 1, column: 1 };
  return { tenantId, files, issues, parsed: parsedValues, locate, ...(complete && issues.length === 0 ? { tenant: valid as Tenant } : {}) };
}

let readBuffer: Buffer | undefined;

function describeReadError(error: unknown): SourceText | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  // A FIFO or socket opened without blocking has nothing to read yet.
  if (code === 'EAGAIN' || code === 'EWOULDBLOCK' || code === 'ENXIO') return { unreadable: 'not a regular file (a special file)' };
  if (code === 'ENOENT') return undefined;
  if (code === 'EACCES' || code === 'EPERM') return { unreadable: 'cannot read: permission denied' };
  if (code === 'ELOOP') return { unreadable: 'cannot read: symbolic link loop' };
  if (code === 'EISDIR') return { unreadable: 'not a regular file (a directory)' };
  return { unreadable: `cannot read: ${code ?? (error as Error).message}` };
}

/**
 * Reads a tenant file as text, or says why it cannot be (never throws); undefined when it
 * does not exist. Tenant files are small, so they are read with synchronous calls on one
 * descriptor: a fraction of the cost of the thread-pool round trips of fs/promises when
 * thousands are read. O_NONBLOCK keeps a FIFO in a tenant folder from hanging the read.
 * A directory fails the read with EISDIR.
 */
export function readSourceSync(file: string): SourceText | undefined {
  let fd: number;
  try {
    fd = openSync(file, fsConstants.O_RDONLY | fsConstants.O_NONBLOCK);
  } catch (error) {
    return describeReadError(error);
  }
  try {
    // Read into one reusable buffer, one byte past the limit, instead of asking the size first.
    readBuffer ??= Buffer.allocUnsafe(MAX_TENANT_FILE_BYTES + 1);
    let length = 0;
    for (;;) {
      const count = readSync(fd, readBuffer, length, readBuffer.length - length, null);
      if (count === 0) break;
      length += count;
      if (length > MAX_TENANT_FILE_BYTES) {
        const size = fstatSync(fd).size;
        return { unreadable: `file is ${(size / 1024 / 1024).toFixed(1)} MB; tenant files are limited to ${MAX_TENANT_FILE_BYTES / 1024 / 1024} MB` };
      }
    }
    const bytes = readBuffer.subarray(0, length);
    if (bytes.includes(0)) return { unreadable: 'binary content (a NUL byte): expected UTF-8 JSON text' };
    return bytes.toString('utf8');
  } catch (error) {
    return describeReadError(error);
  } finally {
    closeSync(fd);
  }
}

export async function readSource(file: string): Promise<SourceText | undefined> {
  return readSourceSync(file);
}

function loadTenantSync(dir: string): TenantReport {
  const tenantId = path.basename(path.resolve(dir));
  const files = Object.fromEntries(TENANT_PARTS.map((part) => [part, path.join(dir, tenantFileName(part))])) as Record<TenantPart, string>;
  const sources: Partial<Record<TenantPart, SourceText>> = {};
  for (const part of TENANT_PARTS) {
    const text = readSourceSync(files[part]);
    if (text !== undefined) sources[part] = text;
  }
  return checkTenantSources(tenantId, sources, files);
}

/** Loads one tenant folder; the folder's name is the tenant id. */
export async function loadTenant(dir: string): Promise<TenantReport> {
  return loadTenantSync(dir);
}

/** Lets timers (a progress bar) and I/O run between batches of synchronous work. */
const YIELD_EVERY = 25;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The tenant folders under `root`, sorted by id. Hidden folders are skipped. */
export async function listTenantDirs(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => path.join(root, entry.name))
    .sort();
}

/**
 * Rules between tenants, over reports already made: a domain may belong to one tenant only.
 * `otherClaims` are domains of tenants not being checked (when one folder is validated
 * against the rest); clashes are reported on the checked tenants only.
 */
export function checkAcrossTenants(reports: readonly TenantReport[], otherClaims: readonly DomainClaim[] = []): Issue[] {
  const checked = new Map(reports.map((report) => [report.tenantId, report]));
  const claims = [
    ...reports.flatMap((report) => {
      const domain = report.tenant?.site.domain;
      return domain ? [{ tenantId: report.tenantId, domain }] : [];
    }),
    ...otherClaims.filter((claim) => !checked.has(claim.tenantId)),
  ];
  return findSharedDomains(claims).flatMap((clash) => {
    const report = checked.get(clash.tenantId);
    if (!report) return [];
    const others = clash.sharedWith.map((id) => JSON.stringify(id)).join(', ');
    return [
      {
        file: report.files.site,
        ...report.locate('site', '/domain'),
        pointer: '/domain',
        message: `domain ${JSON.stringify(clash.domain)} is also used by tenant ${others}; each domain serves one tenant`,
        rule: 'unique-domain',
      },
    ];
  });
}

/** The domain a tenant folder's site.json claims, read without validating; none when it cannot be read. */
export function readDomainClaim(dir: string): DomainClaim | undefined {
  const text = readSourceSync(path.join(dir, tenantFileName('site')));
  if (typeof text !== 'string') return undefined;
  try {
    const domain = (JSON.parse(text) as { domain?: unknown }).domain;
    return typeof domain === 'string' ? { tenantId: path.basename(dir), domain } : undefined;
  } catch {
    // An unreadable site.json claims no domain; validating that tenant reports why.
    return undefined;
  }
}

/** The domains tenant folders claim (for checks against tenants not being validated). */
export async function readDomainClaims(dirs: readonly string[]): Promise<DomainClaim[]> {
  const claims: DomainClaim[] = [];
  for (const [index, dir] of dirs.entries()) {
    if (index > 0 && index % YIELD_EVERY === 0) await yieldToEventLoop();
    const claim = readDomainClaim(dir);
    if (claim) claims.push(claim);
  }
  return claims;
}

/** Loads tenant folders in order; `onLoaded` is called as each finishes (progress bars). */
export async function loadTenantDirs(dirs: readonly string[], onLoaded?: (report: TenantReport) => void): Promise<TenantReport[]> {
  const reports: TenantReport[] = [];
  for (const [index, dir] of dirs.entries()) {
    if (index > 0 && index % YIELD_EVERY === 0) await yieldToEventLoop();
    const report = loadTenantSync(dir);
    onLoaded?.(report);
    reports.push(report);
  }
  return reports;
}

/** Adds issues between tenants to the reports they concern. */
export function withCrossTenantIssues(tenants: TenantReport[], otherClaims: readonly DomainClaim[] = []): TenantsReport {
  for (const issue of checkAcrossTenants(tenants, otherClaims)) tenants.find((t) => t.files.site === issue.file)?.issues.push(issue);
  return { tenants, issues: tenants.flatMap((t) => t.issues) };
}

export async function loadTenants(root: string): Promise<TenantsReport> {
  return withCrossTenantIssues(await loadTenantDirs(await listTenantDirs(root)));
}

