/**
 * When dist/ counts as built from the sources as they are (scripts/build-stamp.mjs): `npm ci`'s
 * build is reused by the test run and by every `npx backlot`, so a wrong "stale" rebuilds dist/
 * under running servers, and a wrong "current" tests an old build.
 */
import { chmod, mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_INPUTS, isBuildCurrent, startBuildStamp } from '../../../scripts/build-stamp.mjs';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'backlot-stamp-'));
  for (const folder of BUILD_INPUTS.folders) await mkdir(path.join(root, folder, 'lib'), { recursive: true });
  for (const file of BUILD_INPUTS.files) await writeFile(path.join(root, file), '{}\n');
  await writeFile(path.join(root, 'cli/backlot.mjs'), '#!/usr/bin/env node\n', { mode: 0o644 });
  await writeFile(path.join(root, 'server/lib/a.ts'), 'export const a = 1;\n');
  await mkdir(path.join(root, 'dist'));
  const finish = await startBuildStamp(root);
  await finish();
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('the build stamp', () => {
  it('holds after a chmod and new times on the same contents (npm links the bin of a fresh npx)', async () => {
    await chmod(path.join(root, 'cli/backlot.mjs'), 0o755);
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(root, 'server/lib/a.ts'), later, later);
    expect(await isBuildCurrent(root)).toBe(true);
  });

  it('lapses on an edit, a file added, a file removed, or a package file changed', async () => {
    const cases: Array<() => Promise<unknown>> = [
      () => writeFile(path.join(root, 'server/lib/a.ts'), 'export const a = 2;\n'),
      () => writeFile(path.join(root, 'storefront/lib/b.ts'), ''),
      () => rm(path.join(root, 'server/lib/a.ts')),
      () => writeFile(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}\n'),
    ];
    for (const change of cases) {
      await (
        await startBuildStamp(root)
      )();
      expect(await isBuildCurrent(root)).toBe(true);
      await change();
      expect(await isBuildCurrent(root), change.toString()).toBe(false);
    }
  });

  it('is absent while a build runs, and from a build that stopped half way', async () => {
    await startBuildStamp(root);
    expect(await isBuildCurrent(root)).toBe(false);
  });
});
