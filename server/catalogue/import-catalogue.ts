/**
 * Loads a catalogue file into the item store, for `backlot catalogue import` and for a server's
 * first start: the file is checked whole first (syntax, item schema, the rules against the
 * tenant), and only a catalogue without a single issue is written, in one transaction. Items the
 * store has that the file does not are kept (added in the console, say): an import adds and
 * updates, it never deletes. The same file twice changes nothing.
 */
import { readFile, stat } from 'node:fs/promises';
import { checkCatalogueSource } from '../../schema/check-catalogue';
import type { SourceText } from '../../schema/check-tenant';
import type { Issue } from '../../schema/issue';
import type { Tenant } from '../../schema/types.generated';
import type { ItemStore, PutManyCounts } from '../stores/item-store';
import { repriceKits } from './kits';

/** A catalogue file larger than this is refused before it is read (50,000 items are about 60 MB). */
export const MAX_CATALOGUE_FILE_BYTES = 200 * 1024 * 1024;

export type CatalogueImport = { ok: true; items: number; counts: PutManyCounts } | { ok: false; issues: Issue[] };

/** A catalogue file's text, or why it cannot be read (never throws). */
export async function readCatalogueFile(file: string): Promise<SourceText> {
  try {
    const { size } = await stat(file);
    if (size > MAX_CATALOGUE_FILE_BYTES)
      return {
        unreadable: `file is ${(size / 1024 / 1024).toFixed(0)} MB; a catalogue file is limited to ${MAX_CATALOGUE_FILE_BYTES / 1024 / 1024} MB`,
      };
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { unreadable: 'no such file' };
    if (code === 'EISDIR') return { unreadable: 'not a regular file (a directory)' };
    if (code === 'EACCES' || code === 'EPERM') return { unreadable: 'cannot read: permission denied' };
    return { unreadable: `cannot read: ${code ?? (error as Error).message}` };
  }
}

export async function importCatalogue(
  store: ItemStore,
  tenantId: string,
  tenant: Tenant,
  source: SourceText,
  file: string,
): Promise<CatalogueImport> {
  const checked = checkCatalogueSource(source, file, tenant);
  if (!checked.catalogue) return { ok: false, issues: checked.issues };
  const counts = await store.putMany(tenantId, checked.catalogue.items);
  // Kits priced from their components take the file's rates for them.
  await repriceKits(store, tenantId);
  return { ok: true, items: checked.catalogue.items.length, counts };
}
