// Bundles the CLI into dist/cli with esbuild: one ESM entry plus lazily loaded chunks, so
// `backlot --help` loads only commander. Dependencies stay in node_modules.
import { build } from 'esbuild';
import { rm } from 'node:fs/promises';

const outdir = new URL('../dist/cli/', import.meta.url).pathname;
await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: { main: new URL('../cli/main.ts', import.meta.url).pathname },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
  chunkNames: 'chunks/[name]-[hash]',
});
