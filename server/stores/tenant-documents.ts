/**
 * What both store adapters do the same way: render a tenant to its three canonical texts,
 * hash them into a version, validate, and describe the difference between two versions.
 */
import { createHash } from 'node:crypto';
import jsonPatch from 'fast-json-patch';
import { canonicalJson } from '../../schema/canonical-json';
import { checkTenantSources, TENANT_PARTS, type TenantPart } from '../../schema/node/loader';
import { rootSchema } from '../../schema/schema-walk';
import { renderTenant, withoutSchemaKeys, type TenantTexts } from '../../schema/tenant-files';
import type { Tenant } from '../../schema/types.generated';
import type { JsonPatchOperation } from './tenant-store';
import { DomainTakenError, ValidationFailedError, VersionUnusableError } from './tenant-store';

export { renderTenant, withoutSchemaKeys, type TenantTexts };

/** Issues from store validation name the part ("site", …) as their file. */
const partFiles = Object.fromEntries(TENANT_PARTS.map((part) => [part, part])) as Record<TenantPart, string>;

/**
 * The version of a tenant: a hash of its content in canonical form, so any change of content
 * changes it while reformatting a file does not, and restoring a version gives its version back.
 * A part that does not parse is hashed as it is.
 */
export function versionOfStored(texts: Partial<TenantTexts>): string {
  const canonical = {} as TenantTexts;
  for (const part of TENANT_PARTS) {
    const text = texts[part] ?? '';
    try {
      canonical[part] = canonicalJson(JSON.parse(text), rootSchema(part));
    } catch {
      canonical[part] = text;
    }
  }
  return versionOf(canonical);
}

/** The version of texts already in canonical form (as renderTenant makes them). */
export function versionOf(texts: TenantTexts): string {
  const hash = createHash('sha256');
  for (const part of TENANT_PARTS) hash.update(part).update('\0').update(texts[part]).update('\0');
  return hash.digest('base64url').slice(0, 22);
}

/** Validates rendered texts; throws ValidationFailedError with part-relative pointers. */
export function validateTexts(tenantId: string, texts: TenantTexts): Tenant {
  const report = checkTenantSources(tenantId, texts, partFiles);
  if (!report.tenant) throw new ValidationFailedError(report.issues);
  return withoutSchemaKeys(report.tenant);
}

/** A version read back from the history: validated like any read, so a broken one is never served. */
export function tenantAtVersion(tenantId: string, version: string, texts: TenantTexts): Tenant {
  try {
    return validateTexts(tenantId, texts);
  } catch (error) {
    if (error instanceof ValidationFailedError) throw new VersionUnusableError(tenantId, version, error.issues);
    throw error;
  }
}

export function diffTenants(from: Tenant, to: Tenant): JsonPatchOperation[] {
  return jsonPatch.compare(from as object, to as object) as JsonPatchOperation[];
}

/** The pointers a change touched, shortest first, without repeats. */
export function changedPointers(from: Tenant | undefined, to: Tenant): string[] {
  if (!from) return [''];
  return [...new Set(diffTenants(from, to).map((op) => op.path))].sort(
    (a, b) => a.length - b.length || a.localeCompare(b),
  );
}

/** A domain already served by another tenant, as a validation failure. */
export function domainClash(domain: string, owner: string): ValidationFailedError {
  return new DomainTakenError(domain, owner);
}
