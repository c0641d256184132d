/**
 * The production install, as the Dockerfile's runtime stage makes it (no container engine runs
 * here, so its steps are repeated in a temp folder): package.json and the lock with the build's
 * `prepare` removed, `npm ci --omit=dev` from the registry (no dev dependency present), the built
 * dist/, the tenants and the shared images. The server starts from dist/ there and serves its
 * health check, a storefront page and the console. And the Dockerfile copies exactly these.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/paths';
import { http, startServer, type ServerProcess } from '../helpers/server-process';

const run = promisify(execFile);
/** What the runtime stage copies from the build, besides package.json and the lock. */
const RUNTIME_FILES = ['dist', 'tenants', 'storefront/shared-assets'];

let root: string | undefined;
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('the production install', () => {
  it('is what the Dockerfile copies', async () => {
    const dockerfile = await readFile(path.join(repoRoot, 'Dockerfile'), 'utf8');
    const copied = [...dockerfile.matchAll(/^COPY --from=build \/app\/(\S+) \.\/\S*$/gm)].map((match) => match[1]);
    expect(copied).toEqual(RUNTIME_FILES);
    expect(dockerfile).toMatch(/^RUN npm pkg delete scripts\.prepare && npm ci --omit=dev/m);
    expect(dockerfile).toMatch(/^USER node$/m);
  });

  it('starts from dist/ with no dev dependency installed, and serves the health check, a storefront and the console', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'backlot-production-'));
    for (const file of ['package.json', 'package-lock.json', ...RUNTIME_FILES]) await cp(path.join(repoRoot, file), path.join(root, file), { recursive: true });
    await run('npm', ['pkg', 'delete', 'scripts.prepare'], { cwd: root });
    await run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 16 * 1024 * 1024 });
    // Dev tools are absent (not vitest or jsdom: better-auth pulls them in as peers), so what the server needs at run time is in dependencies.
    for (const devOnly of ['playwright-core', 'firebase-tools', 'lighthouse', '@testing-library/react']) await expect(stat(path.join(root, 'node_modules', devOnly)), devOnly).rejects.toThrow();
    server = await startServer({ BACKLOT_TENANTS_DIR: path.join(root, 'tenants'), BACKLOT_DATA_DIR: path.join(root, '.data'), NODE_ENV: 'production' }, [
      process.execPath,
      path.join(root, 'dist/server/main.js'),
    ]);
    expect((await http(`${server.url}/api/health`)).json()).toEqual({ status: 'ok', store: 'file' });
    expect((await http(`${server.url}/`, { headers: { host: 'aviation.localhost' } })).text).toContain('<title>Jetway Props');
    expect((await http(`${server.url}/admin/`)).status).toBe(200);
  }, 600_000);
});
