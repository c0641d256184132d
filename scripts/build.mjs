// Builds the server into dist/server and the CLI into dist/cli with esbuild.
// The server: one ESM entry (npm start runs it) plus chunks loaded on demand (the Firestore adapter),
// and the worker threads' modules.
// The CLI:
// - main.js: one ESM entry plus lazily loaded chunks, so `backlot --help` loads only commander;
// - validators.cjs + formats.cjs: the tenant validators precompiled from schema/ (Ajv standalone),
//   so no schema is compiled when the CLI runs.
// The storefront: Vite builds its client bundle and SSR entry into dist/storefront (client/, server/
// and the vite.config.json @fastify/vite reads in production).
// Dependencies stay in node_modules.
import { build } from 'esbuild';
import { createBuilder } from 'vite';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isBuildCurrent, startBuildStamp } from './build-stamp.mjs';

// Always production bundles, whoever runs this: Vite lets NODE_ENV win over its mode, and
// vitest's global setup runs this script with NODE_ENV=test (which built React's development
// bundle into dist/, for the tests and for the next `npm start`). Read when the builds run, below.
process.env.NODE_ENV = 'production';

const root = new URL('..', import.meta.url).pathname;
// `prepare` passes --unless-current: npm runs it on every `npx backlot` in the checkout (npm
// installs the package itself to find its bin), and a rebuild each time took 24 s and replaced
// dist/ under a running server and a running test suite (CI's checks run beside it).
if (process.argv.includes('--unless-current') && (await isBuildCurrent(root))) {
  console.log('dist/ is built from the sources as they are: not building it again');
  process.exit(0);
}
const finishStamp = await startBuildStamp(root);
const outdir = path.join(root, 'dist/cli');
const serverOutdir = path.join(root, 'dist/server');
const node = { bundle: true, platform: 'node', target: 'node20', packages: 'external', logLevel: 'warning' };

await rm(outdir, { recursive: true, force: true });
await rm(serverOutdir, { recursive: true, force: true });
await build({
  ...node,
  // Worker threads' modules (server/lib/worker-pool.ts) are entries of their own, in dist/server/workers.
  entryPoints: {
    main: path.join(root, 'server/main.ts'),
    'workers/sheet-plan': path.join(root, 'server/workers/sheet-plan.ts'),
    'workers/document-check': path.join(root, 'server/workers/document-check.ts'),
    'workers/pdf-render': path.join(root, 'server/workers/pdf-render.ts'),
  },
  outdir: serverOutdir,
  splitting: true,
  format: 'esm',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
});
await build({
  ...node,
  entryPoints: { main: path.join(root, 'cli/main.ts') },
  outdir,
  splitting: true,
  format: 'esm',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
});
await build({
  ...node,
  entryPoints: [path.join(root, 'schema/formats.ts')],
  outfile: path.join(outdir, 'formats.cjs'),
  format: 'cjs',
});

// Run the generator from schema/node/standalone.ts, bundled to a scratch file inside the repository
// (so it resolves node_modules), since this script is plain Node.
const scratch = await mkdtemp(path.join(root, 'dist', '.build-'));
try {
  const generator = path.join(scratch, 'standalone.mjs');
  await build({
    ...node,
    entryPoints: [path.join(root, 'schema/node/standalone.ts')],
    outfile: generator,
    format: 'esm',
  });
  const { generateValidatorsModule } = await import(pathToFileURL(generator).href);
  await writeFile(path.join(outdir, 'validators.cjs'), generateValidatorsModule());
} finally {
  await rm(scratch, { recursive: true, force: true });
}

// The storefront and the console (a single-page app into dist/admin, served at /admin/) side by
// side: each build is mostly one thread's work, and a fresh clone's `npm ci` waits for both.
await Promise.all(
  ['storefront', 'admin'].map(async (app) =>
    (
      await createBuilder({ configFile: path.join(root, app, 'vite.config.ts'), logLevel: 'warn', mode: 'production' })
    ).buildApp(),
  ),
);

// The browser bundles, precompressed once (Brotli and gzip beside each file), so the server
// sends compressed bytes without compressing per request. zlib's asynchronous calls run on
// libuv's threads, so the files are compressed on every core at once.
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const compressed = [];
for (const dir of ['dist/storefront/client', 'dist/admin']) {
  for (const entry of await readdir(path.join(root, dir), { recursive: true })) {
    if (!/\.(?:js|css|svg|json|html)$/.test(entry)) continue;
    const file = path.join(root, dir, entry);
    compressed.push(
      readFile(file).then((bytes) =>
        Promise.all([
          brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).then((out) =>
            writeFile(`${file}.br`, out),
          ),
          gzip(bytes, { level: 9 }).then((out) => writeFile(`${file}.gz`, out)),
        ]),
      ),
    );
  }
}
await Promise.all(compressed);

// Last, so an interrupted build is never taken for a finished one.
await finishStamp();
