/**
 * The storefront's first load stays within its budget (issue: ≤ 80 KB of JavaScript, gzip, for the
 * home page): the entry and every chunk the built server's `/` names in a script or modulepreload
 * tag, as built into dist/storefront. Each page's words and code travel with that page; a frame
 * component importing the pages' messages (i18n/messages.ts rather than i18n/frame-messages.ts),
 * or a page module pulled into the entry, is what this catches. (npm run bench prints the figures.)
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, tenantsDir } from '../helpers/paths';
import { http, startServer, type ServerProcess } from '../helpers/server-process';

const BUDGET_BYTES = 80 * 1024;
let root: string;
let server: ServerProcess;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'backlot-storefront-bundle-'));
  await cp(path.join(tenantsDir, 'aviation'), path.join(root, 'tenants', 'aviation'), { recursive: true });
  server = await startServer({
    BACKLOT_TENANTS_DIR: path.join(root, 'tenants'),
    BACKLOT_DATA_DIR: path.join(root, '.data'),
    LOG_LEVEL: 'warn',
  });
}, 30_000);
afterAll(async () => {
  await server?.stop();
  await rm(root, { recursive: true, force: true });
});

describe('the storefront bundle', () => {
  it("keeps the home page's first-load JavaScript within 80 KB gzip", async () => {
    const home = await http(`${server.url}/`, { headers: { host: 'aviation.localhost' } });
    expect(home.status).toBe(200);
    const files = [
      ...new Set(
        [
          ...home.text.matchAll(
            /<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="(\/_storefront\/[^"]+\.js)"/g,
          ),
        ].map((match) => match[1]!),
      ),
    ];
    expect(files.length).toBeGreaterThan(0);
    let gzip = 0;
    for (const file of files)
      gzip += gzipSync(await readFile(path.join(repoRoot, 'dist/storefront/client', file))).length;
    expect(
      gzip,
      `first-load JavaScript ${(gzip / 1024).toFixed(1)} KB gzip in ${files.join(', ')}`,
    ).toBeLessThanOrEqual(BUDGET_BYTES);
    // The pages' words are not among them.
    for (const file of files)
      expect(await readFile(path.join(repoRoot, 'dist/storefront/client', file), 'utf8'), file).not.toContain(
        'Every item in the catalogue, by word, colour, era and more.',
      );
  });
});
