/**
 * `backlot new` to a live storefront, measured (`npm run bench`): a built server runs on a scratch
 * tenants folder; `backlot new` (the built CLI, as platform staff run it) scaffolds a tenant; the
 * time until that tenant's storefront answers at its own host (<id>.localhost) with its own name,
 * polled every 10 ms. Reported: the command's own time, the time until the server serves it after
 * the command ended, and the whole, against starting node with nothing to do (the floor of any
 * command) in the same run. Median of 5.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { http, startServer } from '../helpers/server-process';
import { repoRoot, tenantsDir } from '../helpers/paths';
import { fmt, percentile } from './figures';

const RUNS = 5;

const run = (args: string[], env: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('exit', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`exit ${code}: ${errors}`)),
    );
  });

const scratch = await mkdtemp(path.join(tmpdir(), 'backlot-new-bench-'));
try {
  await cp(path.join(tenantsDir, 'aviation'), path.join(scratch, 'tenants', 'aviation'), { recursive: true });
  const env = {
    BACKLOT_TENANTS_DIR: path.join(scratch, 'tenants'),
    BACKLOT_DATA_DIR: path.join(scratch, '.data'),
    LOG_LEVEL: 'warn',
  };
  const server = await startServer(env);
  const floor: number[] = [];
  const command: number[] = [];
  const noticed: number[] = [];
  const whole: number[] = [];
  try {
    for (let index = 0; index < RUNS; index++) {
      floor.push(await run(['-e', ''], env));
      const id = `bench-house-${index}`;
      const name = `Bench Prop House ${index}`;
      const started = performance.now();
      command.push(
        await run(
          [
            path.join(repoRoot, 'dist/cli/main.js'),
            'new',
            id,
            '--from',
            'aviation',
            '--name',
            name,
            '--domain',
            `www.${id}.example`,
            '--yes',
          ],
          env,
        ),
      );
      const ended = performance.now();
      for (;;) {
        const page = await http(`${server.url}/`, { headers: { host: `${id}.localhost` } }).catch(() => undefined);
        if (page?.status === 200 && page.text.includes(name)) break;
        if (performance.now() - ended > 30_000) throw new Error(`${id} was not served within 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      noticed.push(performance.now() - ended);
      whole.push(performance.now() - started);
    }
  } finally {
    await server.stop();
  }
  const median = (values: number[]) => percentile(values, 50);
  console.log(`backlot new to a live storefront (median of ${RUNS}):`);
  console.log(`  node doing nothing (the floor of any command): ${fmt(median(floor), 0)} ms`);
  console.log(`  backlot new: ${fmt(median(command), 0)} ms (${fmt(median(command) / median(floor), 1)}× the floor)`);
  console.log(`  then served at its own host: ${fmt(median(noticed), 0)} ms later`);
  console.log(`  whole: ${fmt(median(whole), 0)} ms (goal: 2,000 ms)`);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
