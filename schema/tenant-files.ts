/**
 * The file form of a tenant: three canonical texts, each starting with the `$schema` path that
 * lets editors autocomplete it. `backlot new` and both stores write tenants through renderTenant,
 * and the API shows tenants without the editor-only `$schema` keys.
 */
import { canonicalJson } from './canonical-json';
import { TENANT_PARTS, type TenantPart } from './rules';
import { rootSchema } from './schema-walk';
import type { Tenant } from './types.generated';

export type TenantTexts = Record<TenantPart, string>;

/** Every part's text, an absent part as empty text (which reads as a missing file). */
export function completeTexts(texts: Partial<TenantTexts>): TenantTexts {
  return Object.fromEntries(TENANT_PARTS.map((part) => [part, texts[part] ?? ''])) as TenantTexts;
}

/** A part without its `$schema` key. */
export function withoutSchemaKey<T extends { $schema?: string }>(part: T): T {
  const { $schema: _ignored, ...rest } = part;
  return rest as T;
}

/** The tenant without the `$schema` keys of its parts (how the API shows it). */
export function withoutSchemaKeys(tenant: Tenant): Tenant {
  return {
    site: withoutSchemaKey(tenant.site),
    vendor: withoutSchemaKey(tenant.vendor),
    categories: withoutSchemaKey(tenant.categories),
    pages: withoutSchemaKey(tenant.pages),
  };
}

/** The canonical text of each part; `schemaPaths` are the `$schema` values to write. */
export function renderTenant(tenant: Tenant, schemaPaths: Partial<Record<TenantPart, string>>): TenantTexts {
  const texts = {} as TenantTexts;
  for (const part of TENANT_PARTS) {
    const value = withoutSchemaKey(tenant[part] as { $schema?: string });
    texts[part] = canonicalJson(schemaPaths[part] ? { $schema: schemaPaths[part], ...value } : value, rootSchema(part));
  }
  return texts;
}
