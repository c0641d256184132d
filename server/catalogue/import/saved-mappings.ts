/**
 * The column mapping a tenant's import used, kept through the AssetStore in the tenant's private
 * `import-mappings` folder by the sheet's signature (its headers): the next import of the same
 * sheet starts from it and asks nothing, on whichever server (a bucket is shared) or from the CLI.
 * A mapping file (`--mapping`) is the same JSON: { columns: { field: header }, categories: { text: path } }.
 */
import { readFile } from 'node:fs/promises';
import type { AssetStore } from '../../assets/asset-store';
import type { ColumnMapping } from './column-mapping';

export interface SavedMapping {
  columns: ColumnMapping;
  categories?: Record<string, string>;
}

const nameOf = (signature: string) => `${signature}.json`;

/** A mapping read from JSON text, or undefined when it is not one (the guess is used instead). */
function mappingOf(text: string | undefined): SavedMapping | undefined {
  try {
    const parsed = text === undefined ? undefined : (JSON.parse(text) as SavedMapping);
    return parsed && typeof parsed.columns === 'object' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** A mapping file given by hand (`--mapping`). */
export const loadMapping = async (file: string) => mappingOf(await readFile(file, 'utf8').catch(() => undefined));

/** The mapping kept for this sheet's signature, or undefined when there is none (or it is unreadable). */
export const loadSavedMapping = async (assets: AssetStore, tenantId: string, signature: string) =>
  mappingOf((await assets.read(tenantId, 'import-mappings', nameOf(signature)))?.toString('utf8'));

/** Keeps the mapping for the next import of a sheet with this signature; returns where (for the report). */
export async function saveMapping(
  assets: AssetStore,
  tenantId: string,
  signature: string,
  mapping: SavedMapping,
): Promise<string> {
  await assets.write(
    tenantId,
    'import-mappings',
    nameOf(signature),
    Buffer.from(`${JSON.stringify(mapping, null, 2)}\n`),
  );
  return `import-mappings/${nameOf(signature)}`;
}

/** Every mapping the tenant's imports kept, by sheet signature (a handful: one a sheet layout). */
export async function savedMappingsOf(assets: AssetStore, tenantId: string): Promise<Record<string, SavedMapping>> {
  const kept: Record<string, SavedMapping> = {};
  for (const { name } of await assets.list(tenantId, 'import-mappings')) {
    const mapping = mappingOf((await assets.read(tenantId, 'import-mappings', name))?.toString('utf8'));
    if (mapping && name.endsWith('.json')) kept[name.slice(0, -'.json'.length)] = mapping;
  }
  return kept;
}
