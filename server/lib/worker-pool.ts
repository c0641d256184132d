/**
 * Work one house can make long (a sheet of 60,000 rows checked and planned) runs in a worker
 * thread, off the event loop every house's requests share (piscina, a well-kept pool). Bounded:
 * at most `threads` at once (one fewer than the cores, at least one), a queue of `queue` tasks
 * behind them (more is refused at once: the server is busy), `perTenant` tasks of one tenant at
 * a time (a house cannot fill the queue for the others), and `timeoutMs` a task.
 *
 * A worker module (server/workers/<name>.ts) default-exports its task's function. Run from
 * TypeScript (tests, `npm run dev`) it is loaded through tsx; bundled, from dist/server/workers.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Transferable } from 'node:worker_threads';
import { Piscina } from 'piscina';

/** A thread idle this long ends (a new one compiles the schema's validators again, about a second). */
const IDLE_MS = 5 * 60_000;

export interface WorkerPoolLimits {
  threads?: number;
  queue?: number;
  perTenant?: number;
  timeoutMs?: number;
}

/** Refused before it starts: the server's queue is full, or the tenant has as many tasks as it may. */
export class WorkerBusyError extends Error {
  readonly statusCode = 429;
}

export interface WorkerPool<Task, Answer> {
  run(tenantId: string, task: Task, transferList?: readonly Transferable[]): Promise<Answer>;
  close(): Promise<void>;
}

/** The worker module's file and how Node loads it (through tsx from source; as is when bundled). */
function workerModule(name: string): { filename: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts'))
    return {
      filename: pathToFileURL(path.join(path.dirname(here), '..', 'workers', `${name}.ts`)).href,
      execArgv: ['--import', 'tsx'],
    };
  // Bundled into dist/server/main.js, or one of its chunks (dist/server/chunks/).
  const dir = path.dirname(here);
  const serverDist = path.basename(dir) === 'chunks' ? path.dirname(dir) : dir;
  return { filename: pathToFileURL(path.join(serverDist, 'workers', `${name}.js`)).href, execArgv: [] };
}

export function workerPool<Task, Answer>(name: string, limits: WorkerPoolLimits = {}): WorkerPool<Task, Answer> {
  const threads = limits.threads ?? Math.max(1, availableParallelism() - 1);
  const queue = limits.queue ?? 16;
  const perTenant = limits.perTenant ?? 2;
  const timeoutMs = limits.timeoutMs ?? 120_000;
  const { filename, execArgv } = workerModule(name);
  let pool: Piscina | undefined;
  const running = new Map<string, number>();
  return {
    async run(tenantId, task, transferList) {
      pool ??= new Piscina({
        filename,
        execArgv,
        minThreads: 0,
        maxThreads: threads,
        maxQueue: queue,
        idleTimeout: IDLE_MS,
        env: process.env,
      });
      const mine = running.get(tenantId) ?? 0;
      if (mine >= perTenant)
        throw new WorkerBusyError(
          `This house has ${mine} of these under way already: wait for them to finish, then try again.`,
        );
      if (pool.queueSize >= queue)
        throw new WorkerBusyError('The server is busy with other houses’ work: try again in a minute.');
      running.set(tenantId, mine + 1);
      try {
        return (await pool.run(task, {
          ...(transferList && { transferList: transferList as Transferable[] }),
          signal: AbortSignal.timeout(timeoutMs),
        })) as Answer;
      } catch (error) {
        if ((error as Error).name === 'AbortError')
          throw Object.assign(
            new Error(
              `This took longer than ${timeoutMs / 1000} s and was stopped: split the work into smaller parts.`,
            ),
            { statusCode: 503 },
          );
        throw error;
      } finally {
        const left = (running.get(tenantId) ?? 1) - 1;
        if (left) running.set(tenantId, left);
        else running.delete(tenantId);
      }
    },
    async close() {
      await pool?.destroy();
      pool = undefined;
    },
  };
}
