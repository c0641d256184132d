/**
 * The layers the folders promise:
 * - what a browser imports from schema/ (everything outside schema/node), admin/ and storefront/
 *   type-checks without Node: a browser file that touches fs fails (tsconfig.browser.json);
 * - server/stores and server/auth (which the CLI uses too) import nothing from Fastify or the
 *   HTTP layer;
 * - schema/, the layer everything stands on, imports nothing from storefront/, admin/, server/ or
 *   cli/ (code or JSON);
 * - the server's domains, admin/ and cli/ borrow no storefront/ code: what they share with it
 *   (formats, the tenant's configuration, shoot dates) is in schema/;
 * - the CLI imports no plugin or route: stores are opened in one place (server/stores/open-stores.ts);
 * - the domains (server/rental, marketplace, accounts, catalogue, payments), the workflows that
 *   span them and the storefront's page state (server/storefront) import no plugin or route, and every quote step goes through server/workflows/quote-step.ts;
 * - no module imports itself back through others (types included): the import graph of the app and
 *   its scripts has no circle.
 */
import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot, tscBin } from '../../helpers/paths';

const run = promisify(execFile);

async function filesUnder(dir: string, extensions = /\.ts$/): Promise<string[]> {
  const entries = await readdir(path.join(repoRoot, dir), { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && extensions.test(e.name) && !e.parentPath.includes('node_modules'))
    .map((e) => path.relative(repoRoot, path.join(e.parentPath, e.name)));
}

/** A relative import's file (repo-relative), as TypeScript and Vite resolve it; undefined for a package. */
function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.normalize(path.join(path.dirname(from), specifier));
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (candidate) => existsSync(path.join(repoRoot, candidate)) && statSync(path.join(repoRoot, candidate)).isFile(),
  );
}

/** Every file of the app's five layers, and of the scripts that build it, → the files it imports (types and JSON included). */
async function importGraph(): Promise<Map<string, string[]>> {
  const files = (
    await Promise.all(
      ['schema', 'storefront', 'admin', 'server', 'cli', 'scripts'].map((dir) => filesUnder(dir, /\.(tsx?|mjs)$/)),
    )
  ).flat();
  const graph = new Map<string, string[]>();
  for (const file of files)
    graph.set(
      file,
      importsOf(await readFile(path.join(repoRoot, file), 'utf8')).flatMap(
        (specifier) => resolveImport(file, specifier) ?? [],
      ),
    );
  return graph;
}

/** The circles in a graph (strongly connected components of more than one file, or a file importing itself). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)!.includes(file)) found.push(component);
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

const importsOf = (text: string) =>
  [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1] ?? m[2]!);

/** Type-checks one file as browser code (the browser project's settings), returning tsc's output. */
async function checkAsBrowserCode(source: string): Promise<{ ok: boolean; output: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'backlot-layers-'));
  try {
    await writeFile(path.join(dir, 'probe.ts'), source);
    await writeFile(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: path.join(repoRoot, 'tsconfig.browser.json'),
        compilerOptions: {
          composite: false,
          noEmit: true,
          rootDir: '/',
          emitDeclarationOnly: false,
          declaration: false,
        },
        include: [],
        files: ['probe.ts'],
      }),
    );
    await run(tscBin, ['-p', dir]);
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
    const withFs = await checkAsBrowserCode(
      `import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n`,
    );
    expect(withFs.ok).toBe(false);
    expect(withFs.output).toContain("Cannot find name 'node:fs'");
    const withNodeSchema = await checkAsBrowserCode(
      `import { loadTenant } from ${JSON.stringify(path.join(schema, 'node', 'loader'))};\nexport const load = loadTenant;\n`,
    );
    expect(withNodeSchema.ok).toBe(false);
  });

  it('keeps Node imports out of schema/ outside schema/node', async () => {
    for (const file of (await filesUnder('schema')).filter((f) => !f.startsWith('schema/node/'))) {
      for (const specifier of importsOf(await readFile(path.join(repoRoot, file), 'utf8'))) {
        expect(
          specifier.startsWith('node:') || specifier.includes('/node/') || specifier === './node',
          `${file} imports ${specifier}`,
        ).toBe(false);
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
        const httpLayer =
          /fastify/.test(specifier) || (specifier.startsWith('.') && /\/plugins\/|\/routes\/|\/lib\//.test(specifier));
        expect(httpLayer, `${file} imports ${specifier}`).toBe(false);
      }
    }
  });
});

describe('the import graph', () => {
  it('keeps schema/ at the bottom: nothing in it imports storefront/, admin/, server/ or cli/', async () => {
    const graph = await importGraph();
    const upward = [...graph]
      .filter(([file]) => file.startsWith('schema/'))
      .flatMap(([file, targets]) =>
        targets.filter((target) => !target.startsWith('schema/')).map((target) => `${file} → ${target}`),
      );
    expect(upward).toEqual([]);
  });

  it("keeps UI code out of the domains: only the storefront's own server rendering imports storefront/, and admin/ and cli/ none", async () => {
    const graph = await importGraph();
    // The server renders the storefront's pages: its plugin, the page state it builds (server/storefront/) and the draft previews.
    const rendersPages = (file: string) =>
      file.startsWith('server/storefront/') ||
      file === 'server/plugins/app/storefront.ts' ||
      file === 'server/plugins/app/preview-drafts.ts';
    const borrowing = [...graph].filter(
      ([file]) =>
        (file.startsWith('server/') && !rendersPages(file)) || file.startsWith('admin/') || file.startsWith('cli/'),
    );
    expect(borrowing.length).toBeGreaterThan(200);
    const borrowed = borrowing.flatMap(([file, targets]) =>
      targets.filter((target) => target.startsWith('storefront/')).map((target) => `${file} → ${target}`),
    );
    expect(borrowed).toEqual([]);
  });

  it('keeps the CLI off the HTTP layer: it opens the stores where the server does (server/stores/open-stores.ts), never through a plugin or a route', async () => {
    const graph = await importGraph();
    const cli = [...graph].filter(([file]) => file.startsWith('cli/'));
    expect(cli.length).toBeGreaterThan(10);
    const http = cli.flatMap(([file, targets]) =>
      targets.filter((target) => /^server\/(plugins|routes)\//.test(target)).map((target) => `${file} → ${target}`),
    );
    expect(http).toEqual([]);
  });

  it("keeps the domains, their workflows and the storefront's page state off the HTTP layer: they import no plugin or route", async () => {
    const graph = await importGraph();
    const domains = [...graph].filter(([file]) =>
      /^server\/(rental|marketplace|accounts|catalogue|payments|workflows|storefront)\//.test(file),
    );
    expect(domains.length).toBeGreaterThan(50);
    const http = domains.flatMap(([file, targets]) =>
      targets.filter((target) => /^server\/(plugins|routes)\//.test(target)).map((target) => `${file} → ${target}`),
    );
    expect(http).toEqual([]);
  });

  it('has the domains depend on one another one way only: payments, then rental, then the rest', async () => {
    const graph = await importGraph();
    const domainOf = (file: string) =>
      /^server\/(rental|marketplace|accounts|catalogue|payments|workflows)\//.exec(file)?.[1];
    const edges = new Map<string, string[]>();
    for (const [file, targets] of graph) {
      const from = domainOf(file);
      if (!from) continue;
      for (const target of targets) {
        const to = domainOf(target);
        if (to && to !== from && !edges.get(from)?.includes(to)) edges.set(from, [...(edges.get(from) ?? []), to]);
      }
    }
    expect(edges.get('rental')).toEqual(['payments']);
    expect(circles(edges).map((circle) => circle.join(' → '))).toEqual([]);
  });

  // The CLI's commands and the worker threads load the one module they run by name, lazily, so
  // that they start without the rest of a domain.
  it.each([
    ['payments', (target: string) => target.endsWith('-payment-provider.ts')],
    ['accounts', () => false],
    ['catalogue', () => false],
    ['marketplace', () => false],
    // The PDFs' paper (pdfkit): named where a PDF is drawn, so nothing else loads it.
    ['rental', (target: string) => target === 'server/rental/pdf-document.ts'],
  ])(
    'reaches the %s domain through its front door (its index.ts), or what the domain says may be named',
    async (domain, named) => {
      const graph = await importGraph();
      const inside = (file: string) => file.startsWith(`server/${domain}/`);
      const loadsByName = (file: string) => file.startsWith('cli/') || file.startsWith('server/workers/');
      const reaching = [...graph].flatMap(([file, targets]) =>
        inside(file) || loadsByName(file)
          ? []
          : targets
              .filter((target) => inside(target) && target !== `server/${domain}/index.ts`)
              .filter((target) => !named(target))
              .map((target) => `${file} → ${target}`),
      );
      expect(reaching).toEqual([]);
    },
  );

  it('reaches the embedded search engine through its entry only', async () => {
    const graph = await importGraph();
    const reaching = [...graph].flatMap(([file, targets]) =>
      file.startsWith('server/search/engine/')
        ? []
        : targets
            .filter((target) => target.startsWith('server/search/engine/'))
            .filter((target) => target !== 'server/search/engine/in-process-search.ts')
            .map((target) => `${file} → ${target}`),
    );
    expect(reaching).toEqual([]);
  });

  it('takes every quote step through the quote-step workflow: no route or plugin takes one or tells of one itself', async () => {
    const files = [...(await filesUnder('server/routes')), ...(await filesUnder('server/plugins'))];
    expect(files.length).toBeGreaterThan(40);
    const bypassing: string[] = [];
    for (const file of files) {
      const source = await readFile(path.join(repoRoot, file), 'utf8');
      for (const step of ['takeAction', 'notifyQuoteStep', 'tellStrandedSubHires'])
        if (new RegExp(`\\b${step}\\b`).test(source)) bypassing.push(`${file}: ${step}`);
    }
    expect(bypassing).toEqual([]);
  });

  it('has no circle anywhere in the five layers or the scripts', async () => {
    const graph = await importGraph();
    expect(graph.size).toBeGreaterThan(200);
    expect(circles(graph).map((circle) => circle.join(' → '))).toEqual([]);
  });

  it('would see a circle, and an upward import, were there one', () => {
    const graph = new Map([
      ['schema/a.ts', ['schema/b.ts', 'storefront/x.ts']],
      ['schema/b.ts', ['schema/a.ts']],
      ['storefront/x.ts', []],
    ]);
    expect(circles(graph)).toEqual([['schema/b.ts', 'schema/a.ts']]);
    expect(resolveImport('schema/node/scaffold.ts', '../templates/tenant/site.json')).toBe(
      'schema/templates/tenant/site.json',
    );
  });
});
