/** Vitest global setup: build the server and CLI once, so tests that run the real binaries run exactly what `npm install` builds. */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export default function setup(): void {
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../../scripts/build.mjs')], { stdio: 'inherit' });
}
