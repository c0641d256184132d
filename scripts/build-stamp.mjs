// Whether dist/ was built from the sources as they are: `npm ci` builds it (the `prepare` script),
// and the test run's global setup builds it only when a source changed since (tests/setup/global.ts).
// A build notes when it started; any file or folder of its inputs changed after that (an edit, a
// file added or deleted, a checkout) calls for a new build.
import { readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
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

/** Called as a build starts (an interrupted build leaves no stamp): what it finishes with. */
export async function startBuildStamp(root) {
  const startedAt = Date.now();
  await rm(stampOf(root), { force: true });
  return () => writeFile(stampOf(root), JSON.stringify({ startedAt }) + '\n');
}

async function newestChange(root) {
  let newest = 0;
  const note = async (file) => {
    const info = await stat(file).catch(() => undefined);
    if (info) newest = Math.max(newest, info.mtimeMs, info.ctimeMs);
  };
  for (const file of BUILD_INPUTS.files) await note(path.join(root, file));
  for (const folder of BUILD_INPUTS.folders) {
    await note(path.join(root, folder));
    for (const entry of await readdir(path.join(root, folder), { recursive: true })) {
      await note(path.join(root, folder, entry));
    }
  }
  return newest;
}

/** True when dist/ holds a finished build of the inputs as they are now. */
export async function isBuildCurrent(root) {
  const stamp = await readFile(stampOf(root), 'utf8').then(JSON.parse, () => undefined);
  if (typeof stamp?.startedAt !== 'number') return false;
  return (await newestChange(root)) < stamp.startedAt;
}
