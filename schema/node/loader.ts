/**
 * Reads and checks tenant folders: `tenants/<id>/{site,vendor,categories,pages}.json`, and the
 * optional sample catalogue `catalogue.json` against them. Checking itself
 * is schema/check-tenant.ts (no file system, shared with the browser); this adds reading files
 * safely and listing folders. Importing it makes Node's shared Ajv the validators' source.
 */
import { closeSync, constants as fsConstants, fstatSync, openSync, readSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  checkTenantSources,
  MAX_TENANT_FILE_BYTES,
  tenantFileName,
  withCrossTenantIssues,
  type SourceText,
  type TenantReport,
  type TenantsReport,
} from '../check-tenant';
import { CATALOGUE_FILE_NAME, checkCatalogueSource } from '../check-catalogue';
import { TENANT_PARTS, type DomainClaim, type TenantPart } from '../rules';
import './ajv';

export * from '../check-tenant';

let readBuffer: Buffer | undefined;

function describeReadError(error: unknown): SourceText | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  // A FIFO or socket opened without blocking has nothing to read yet.
  if (code === 'EAGAIN' || code === 'EWOULDBLOCK' || code === 'ENXIO')
    return { unreadable: 'not a regular file (a special file)' };
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
        return {
          unreadable: `file is ${(size / 1024 / 1024).toFixed(1)} MB; tenant files are limited to ${MAX_TENANT_FILE_BYTES / 1024 / 1024} MB`,
        };
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
  const files = Object.fromEntries(TENANT_PARTS.map((part) => [part, path.join(dir, tenantFileName(part))])) as Record<
    TenantPart,
    string
  >;
  const sources: Partial<Record<TenantPart, SourceText>> = {};
  for (const part of TENANT_PARTS) {
    const text = readSourceSync(files[part]);
    if (text !== undefined) sources[part] = text;
  }
  const report = checkTenantSources(tenantId, sources, files);
  // The sample catalogue is optional; when there is one, it is checked with the tenant.
  const catalogueFile = path.join(dir, CATALOGUE_FILE_NAME);
  const catalogueText = readSourceSync(catalogueFile);
  if (catalogueText === undefined) return report;
  const checked = checkCatalogueSource(catalogueText, catalogueFile, report.tenant);
  report.catalogueFile = catalogueFile;
  if (checked.catalogue) report.catalogue = checked.catalogue;
  report.issues.push(...checked.issues);
  return report;
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
export async function loadTenantDirs(
  dirs: readonly string[],
  onLoaded?: (report: TenantReport) => void,
): Promise<TenantReport[]> {
  const reports: TenantReport[] = [];
  for (const [index, dir] of dirs.entries()) {
    if (index > 0 && index % YIELD_EVERY === 0) await yieldToEventLoop();
    const report = loadTenantSync(dir);
    onLoaded?.(report);
    reports.push(report);
  }
  return reports;
}

export async function loadTenants(root: string): Promise<TenantsReport> {
  return withCrossTenantIssues(await loadTenantDirs(await listTenantDirs(root)));
}
