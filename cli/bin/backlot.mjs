#!/usr/bin/env node
// Runs the CLI bundle built by `npm run build` (npm install runs it through `prepare`),
// so no TypeScript is compiled on each call.
import { existsSync } from 'node:fs';

const bundle = new URL('../../dist/cli/main.js', import.meta.url);
if (existsSync(bundle)) {
  await import(bundle.href);
} else {
  process.stderr.write('backlot: the CLI is not built yet; run `npm run build` (npm install does it for you)\n');
  process.exitCode = 2;
}
