/** Vitest global setup: bundle the CLI once, so the smoke tests run exactly what `npm install` builds. */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export default function setup(): void {
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../../scripts/build-cli.mjs')], { stdio: 'inherit' });
}
