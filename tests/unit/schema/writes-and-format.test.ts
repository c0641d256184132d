/** Atomic writes leave nothing half-done; the canonical form keeps every value and is stable. */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AlreadyExistsError, createFolderAtomic, writeFileAtomic } from '../../../schema/node/atomic-write';
import { canonicalJson } from '../../../schema/canonical-json';
import { rootSchema } from '../../../schema/schema-walk';
import { TENANT_PARTS } from '../../../schema/node/loader';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'backlot-atomic-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('createFolderAtomic', () => {
  it('creates the folder with every file at once', async () => {
    await createFolderAtomic(path.join(dir, 'acme'), { 'a.json': '1', 'b.json': '2' });
    expect(await readdir(dir)).toEqual(['acme']);
    expect((await readdir(path.join(dir, 'acme'))).sort()).toEqual(['a.json', 'b.json']);
  });

  it('aborted after its first file, leaves no folder and no temporary files', async () => {
    const controller = new AbortController();
    const written: string[] = [];
    const creating = createFolderAtomic(
      path.join(dir, 'acme'),
      { 'a.json': '1', 'b.json': '2', 'c.json': '3' },
      {
        signal: controller.signal,
        onFileWritten: (name) => {
          written.push(name);
          controller.abort();
        },
      },
    );
    await expect(creating).rejects.toThrow(/aborted/i);
    expect(written).toEqual(['a.json']);
    expect(await readdir(dir)).toEqual([]);
  });

  it('never replaces a folder that appeared meanwhile, and cleans up after itself', async () => {
    await mkdir(path.join(dir, 'acme'));
    await writeFile(path.join(dir, 'acme', 'keep.json'), 'mine');
    await expect(createFolderAtomic(path.join(dir, 'acme'), { 'a.json': '1' })).rejects.toBeInstanceOf(
      AlreadyExistsError,
    );
    expect(await readdir(dir)).toEqual(['acme']);
    expect(await readFile(path.join(dir, 'acme', 'keep.json'), 'utf8')).toBe('mine');
  });
});

describe('writeFileAtomic', () => {
  it('replaces a file and leaves no temporary sibling', async () => {
    const file = path.join(dir, 'site.json');
    await writeFile(file, 'old');
    await writeFileAtomic(file, 'new');
    expect(await readFile(file, 'utf8')).toBe('new');
    expect(await readdir(dir)).toEqual(['site.json']);
  });
});

describe('canonicalJson', () => {
  it('keeps every value and is idempotent, for any JSON under any tenant schema', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TENANT_PARTS), fc.jsonValue(), (part, value) => {
        const once = canonicalJson(value, rootSchema(part));
        expect(JSON.parse(once)).toEqual(JSON.parse(JSON.stringify(value)));
        expect(canonicalJson(JSON.parse(once), rootSchema(part))).toBe(once);
        expect(once.endsWith('\n') && !once.endsWith('\n\n')).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});
