/**
 * The console's first load stays within its budget (issue: initial JavaScript ≤ 350 KB gzip;
 * a bare react-admin + MUI 7 app is about 311 KB): the entry and what index.html preloads, as
 * built into dist/admin. Editors, the tenant-create form and the outbox load when opened; a
 * static import of one of them is what this catches. (npm run bench prints the figures.)
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/paths';

const BUDGET_BYTES = 350 * 1024;

describe('the console bundle', () => {
  it('keeps its initial JavaScript within 350 KB gzip', async () => {
    const dist = path.join(repoRoot, 'dist/admin');
    const index = await readFile(path.join(dist, 'index.html'), 'utf8');
    const files = [...index.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/admin\/([^"]+\.js)"/g)].map((match) => match[1]!);
    expect(files.length).toBeGreaterThan(0);
    let total = 0;
    for (const file of files) total += gzipSync(await readFile(path.join(dist, file))).length;
    expect(total, `initial JavaScript ${(total / 1024).toFixed(1)} KB gzip in ${files.join(', ')}`).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
