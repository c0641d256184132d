/**
 * The production install, as the Dockerfile's runtime stage makes it (no container engine runs
 * here, so its steps are repeated in a temp folder): package.json and the lock with the build's
 * `prepare` removed, the packages `npm ci --omit=dev` installs (no dev dependency present), the built
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

/** The installed packages (not dev ones) that the lock says have install scripts. */
async function packagesWithInstallScripts(root: string): Promise<string[]> {
  const lock = JSON.parse(await readFile(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { hasInstallScript?: boolean; dev?: boolean }>;
  };
  const installed = Object.entries(lock.packages).filter(
    ([where, entry]) => where.startsWith('node_modules/') && entry.hasInstallScript && !entry.dev,
  );
  const present = await filter(installed, ([where]) => exists(path.join(root, where)));
  return present.map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
}
const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );
async function filter<T>(values: T[], keep: (value: T) => Promise<boolean>): Promise<T[]> {
  const kept = await Promise.all(values.map(keep));
  return values.filter((_, index) => kept[index]);
}

type Env = NodeJS.ProcessEnv;
const npm = (root: string, env: Env, args: string[]) =>
  run('npm', args, { cwd: root, env, maxBuffer: 16 * 1024 * 1024 });

/**
 * The checkout's own packages (which its `npm ci` installed from this lock) hard-linked, then
 * `npm prune --omit=dev`: the tree `npm ci --omit=dev` makes (compared file by file once: the same
 * packages, only bundlers' caches besides) in seconds rather than a minute of unpacking. False
 * where no link can be made (the temp folder on another disk than the checkout).
 */
async function pruneLinkedInstall(root: string, env: Env): Promise<boolean> {
  const linked = await run('cp', ['-al', path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules')]).then(
    () => true,
    () => false,
  );
  if (!linked) {
    await rm(path.join(root, 'node_modules'), { recursive: true, force: true });
    return false;
  }
  // npm rewrites its hidden lockfile in place: linked, that would be the checkout's own (which then
  // forgets the dev packages). Unlinked here, npm writes a file of the copy's.
  for (const own of ['.vite', '.cache', '.package-lock.json'])
    await rm(path.join(root, 'node_modules', own), { recursive: true, force: true });
  await npm(root, env, ['prune', '--omit=dev', '--no-audit', '--no-fund', '--ignore-scripts']);
  return true;
}

/** `npm ci --omit=dev` from the registry, as the Dockerfile runs it. */
async function installFromRegistry(root: string, env: Env): Promise<void> {
  await npm(root, env, ['ci', '--omit=dev', '--no-audit', '--no-fund', '--ignore-scripts']);
  // The install scripts, run after: a native addon is not compiled a second time (over a minute on
  // 2 cores, and the checkout's own `npm ci` has just compiled it for this Node), its build is copied.
  const scripted = await packagesWithInstallScripts(root);
  const compiled = await filter(scripted, (name) => exists(path.join(repoRoot, 'node_modules', name, 'build/Release')));
  for (const name of compiled)
    await cp(path.join(repoRoot, 'node_modules', name, 'build'), path.join(root, 'node_modules', name, 'build'), {
      recursive: true,
    });
  const others = scripted.filter((name) => !compiled.includes(name));
  if (others.length) await npm(root, env, ['rebuild', ...others]);
}

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
    for (const file of ['package.json', 'package-lock.json', ...RUNTIME_FILES])
      await cp(path.join(repoRoot, file), path.join(root, file), { recursive: true });
    await run('npm', ['pkg', 'delete', 'scripts.prepare'], { cwd: root });
    const env = { ...process.env, NODE_ENV: 'production' };
    if (!(await pruneLinkedInstall(root, env))) await installFromRegistry(root, env);
    // Dev tools are absent (not vitest or jsdom: better-auth pulls them in as peers), so what the server needs at run time is in dependencies.
    for (const devOnly of ['playwright-core', 'firebase-tools', 'lighthouse', '@testing-library/react'])
      await expect(stat(path.join(root, 'node_modules', devOnly)), devOnly).rejects.toThrow();
    // The checkout's own install is as it was: its dev packages, and npm's record of them.
    await expect(stat(path.join(repoRoot, 'node_modules', 'playwright-core'))).resolves.toBeTruthy();
    const recorded = await readFile(path.join(repoRoot, 'node_modules', '.package-lock.json'), 'utf8').catch(() => '');
    if (recorded) expect(recorded).toContain('"node_modules/playwright-core"');
    server = await startServer(
      {
        BACKLOT_TENANTS_DIR: path.join(root, 'tenants'),
        BACKLOT_DATA_DIR: path.join(root, '.data'),
        NODE_ENV: 'production',
      },
      [process.execPath, path.join(root, 'dist/server/main.js')],
    );
    expect((await http(`${server.url}/api/health`)).json()).toEqual({ status: 'ok', store: 'file' });
    expect((await http(`${server.url}/`, { headers: { host: 'aviation.localhost' } })).text).toContain(
      '<title>Jetway Props',
    );
    expect((await http(`${server.url}/admin/`)).status).toBe(200);
  }, 600_000);
});
