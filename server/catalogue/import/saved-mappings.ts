/**
 * The column mapping a tenant's import used, kept under the data folder by the sheet's signature
 * (its headers): the next import of the same sheet starts from it and asks nothing. A mapping file
 * (`--mapping`) is the same JSON: { columns: { field: header }, categories: { text: path } }.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../../../schema/node/atomic-write';
import type { ColumnMapping } from './column-mapping';

export interface SavedMapping {
  columns: ColumnMapping;
  categories?: Record<string, string>;
}

const fileOf = (dataDir: string, tenantId: string, signature: string) => path.join(dataDir, 'import-mappings', tenantId, `${signature}.json`);

/** A saved mapping, or undefined when there is none (or it is unreadable: the guess is used instead). */
export async function loadMapping(file: string): Promise<SavedMapping | undefined> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as SavedMapping;
    return parsed && typeof parsed.columns === 'object' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export const loadSavedMapping = (dataDir: string, tenantId: string, signature: string) => loadMapping(fileOf(dataDir, tenantId, signature));

export async function saveMapping(dataDir: string, tenantId: string, signature: string, mapping: SavedMapping): Promise<string> {
  const file = fileOf(dataDir, tenantId, signature);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, `${JSON.stringify(mapping, null, 2)}\n`);
  return file;
}
