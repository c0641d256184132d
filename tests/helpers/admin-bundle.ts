/** The console's first load as built into dist/admin: the entry script and what index.html preloads, gzipped. For the budget test and the bench. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from './paths';

export const ADMIN_DIST = path.join(repoRoot, 'dist/admin');

export const gzipBytes = async (file: string) => gzipSync(await readFile(path.join(ADMIN_DIST, file))).length;

export async function initialScripts(): Promise<{ files: string[]; gzip: number }> {
  const index = await readFile(path.join(ADMIN_DIST, 'index.html'), 'utf8');
  const files = [
    ...index.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/admin\/([^"]+\.js)"/g),
  ].map((match) => match[1]!);
  let gzip = 0;
  for (const file of files) gzip += await gzipBytes(file);
  return { files, gzip };
}
