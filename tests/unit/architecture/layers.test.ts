/**
 * The layers the folders promise:
 * - what a browser imports from schema/ (everything outside schema/node), admin/ and storefront/
 *   type-checks without Node: a browser file that touches fs fails (tsconfig.browser.json);
 * - server/stores and server/auth (which the CLI uses too) import nothing from Fastify or the
 *   HTTP layer.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../helpers/paths';

const run = promisify(execFile);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(repoRoot, dir), { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.ts')).map((e) => path.relative(repoRoot, path.join(e.parentPath, e.name)));
}

const importsOf = (text: string) => [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]!);

/** Type-checks one file as browser code (the browser project's settings), returning tsc's output. */
async function checkAsBrowserCode(source: string): Promise<{ ok: boolean; output: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'backlot-layers-'));
  try {
    await writeFile(path.join(dir, 'probe.ts'), source);
    await writeFile(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: path.join(repoRoot, 'tsconfig.browser.json'),
        compilerOptions: { composite: false, noEmit: true, rootDir: '/', emitDeclarationOnly: false, declaration: false },
        include: [],
        files: ['probe.ts'],
      }),
    );
    await run(path.join(repoRoot, 'node_modules/.bin/tsc'), ['-p', dir]);
    return { ok: true, output: '' };
  } catch (error) {
    return { ok: false, output: String((error as { stdout?: string }).stdout) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the browser layer', () => {
  it('refuses Node APIs in browser code, and accepts the browser-safe schema layer', async () => {
    const schema = path.join(repoRoot, 'schema');
    const safe = await checkAsBrowserCode(
      `import { checkTenantSources } from ${JSON.stringify(path.join(schema, 'check-tenant'))};\nimport { createAjvWith } from ${JSON.stringify(path.join(schema, 'ajv'))};\nexport const uses = [checkTenantSources, createAjvWith];\n`,
    );
    expect(safe.output).toBe('');
    const withFs = await checkAsBrowserCode(`import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n`);
    expect(withFs.ok).toBe(false);
    expect(withFs.output).toContain("Cannot find name 'node:fs'");
    const withNodeSchema = await checkAsBrowserCode(`import { loadTenant } from ${JSON.stringify(path.join(schema, 'node', 'loader'))};\nexport const load = loadTenant;\n`);
    expect(withNodeSchema.ok).toBe(false);
  });

  it('keeps Node imports out of schema/ outside schema/node', async () => {
    for (const file of (await filesUnder('schema')).filter((f) => !f.startsWith('schema/node/'))) {
      for (const specifier of importsOf(await readFile(path.join(repoRoot, file), 'utf8'))) {
        expect(specifier.startsWith('node:') || specifier.includes('/node/') || specifier === './node', `${file} imports ${specifier}`).toBe(false);
      }
    }
  });
});

describe('the store and auth layer', () => {
  it('imports nothing from Fastify or the HTTP layer, so the CLI can use it', async () => {
    const files = [...(await filesUnder('server/stores')), ...(await filesUnder('server/auth'))];
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      for (const specifier of importsOf(await readFile(path.join(repoRoot, file), 'utf8'))) {
        // Relative imports name the app's layers; a package's own subpaths (better-auth/plugins/…) are not ours.
        const httpLayer = /fastify/.test(specifier) || (specifier.startsWith('.') && /\/plugins\/|\/routes\/|\/lib\//.test(specifier));
        expect(httpLayer, `${file} imports ${specifier}`).toBe(false);
      }
    }
  });
});
