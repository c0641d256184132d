// Whether dist/ was built from the sources as they are: `npm ci` builds it (the `prepare` script),
// and the test run's global setup builds it only when a source changed since (tests/setup/global.ts).
// A build notes a digest of its inputs' paths and contents as it starts (an interrupted build
// leaves no stamp); inputs that digest differently now (an edit, a file added or deleted, a
// checkout) call for a new build. Contents, not times: npm's bin linking chmods the CLI's bin on a
// fresh `npx backlot` (a new ctime), and CI then rebuilt dist/ under its running test suite.
import { createHash } from 'node:crypto';
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** What scripts/build.mjs reads, besides node_modules (which package-lock.json stands for). */
export const BUILD_INPUTS = {
  folders: ['admin', 'cli', 'schema', 'scripts', 'server', 'storefront'],
  files: [
    'package.json',
    'package-lock.json',
    'tsconfig.json',
    'tsconfig.base.json',
    'tsconfig.browser.json',
    'tsconfig.node.json',
  ],
};

const stampOf = (root) => path.join(root, 'dist', '.build-stamp.json');

/** The inputs' paths and contents as one digest (a few hundred files: tens of milliseconds). */
export async function digestInputs(root) {
  const files = [...BUILD_INPUTS.files];
  for (const folder of BUILD_INPUTS.folders) {
    const entries = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries)
      if (entry.isFile()) files.push(path.relative(root, path.join(entry.parentPath, entry.name)));
  }
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    const content = await readFile(path.join(root, file)).catch(() => undefined);
    // Path and length first, so no two different sets of files run together into the same bytes.
    hash.update(`${file}\0${content?.length ?? 'absent'}\0`);
    if (content) hash.update(content);
  }
  return hash.digest('hex');
}

/** Called as a build starts: what it finishes with. */
export async function startBuildStamp(root) {
  const stamp = { startedAt: Date.now(), inputs: await digestInputs(root) };
  await rm(stampOf(root), { force: true });
  return () => writeFile(stampOf(root), JSON.stringify(stamp) + '\n');
}

/** True when dist/ holds a finished build of the inputs as they are now. */
export async function isBuildCurrent(root) {
  const stamp = await readFile(stampOf(root), 'utf8').then(JSON.parse, () => undefined);
  if (typeof stamp?.inputs !== 'string') return false;
  return stamp.inputs === (await digestInputs(root));
}
