/**
 * Work a server does once at start that grows with the data (the sample catalogue imported into an
 * empty store, each tenant's search index, images copied to Cloud Storage): queued here by the
 * plugins that own it, run in order once every plugin is loaded, and waited for only up to
 * STARTUP_WAIT_MS. Work that outlasts that (a large tenant, a machine busy with other work) goes
 * on after the server is listening instead of tripping Fastify's plugin timeout and killing the
 * process; `/api/health` says `starting` meanwhile and `/api/health/ready` answers 503 until it is
 * done (what a load balancer's readiness probe reads). A failure within the wait stops the start,
 * as before; one after it is logged and keeps the server unready, naming the step.
 */
import fp from 'fastify-plugin';

/** Well inside Fastify's 10 s plugin timeout, with room for the other hooks. */
export const STARTUP_WAIT_MS = 4_000;

export interface StartupState {
  status: 'starting' | 'ready' | 'failed';
  /** The step under way or waiting, in order. */
  pending: string[];
  /** The step that failed after the wait, and why. */
  failure?: { step: string; message: string };
}

export interface Startup {
  /** Queues a step; steps run one after another, in the order they were added. */
  add(step: string, run: () => Promise<void>): void;
  state(): StartupState;
  /** Settles when every step has run (rejects with the first failure). */
  done(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    startup: Startup;
  }
}

export default fp<{ waitMs?: number }>(
  async (app, { waitMs = STARTUP_WAIT_MS }) => {
    const steps: Array<{ step: string; run: () => Promise<void> }> = [];
    const pending: string[] = [];
    let state: StartupState['status'] = 'starting';
    let failure: StartupState['failure'];
    let chain: Promise<void> | undefined;
    const runAll = async () => {
      for (const { step, run } of steps) {
        try {
          await run();
        } catch (error) {
          state = 'failed';
          failure = { step, message: (error as Error).message };
          throw error;
        } finally {
          pending.shift();
        }
      }
      state = 'ready';
    };
    app.decorate('startup', {
      add(step: string, run: () => Promise<void>) {
        if (chain) throw new Error(`startup step "${step}" added after start-up began`);
        steps.push({ step, run });
        pending.push(step);
      },
      state: () => ({ status: state, pending: [...pending], ...(failure && { failure }) }),
      done: () => chain ?? Promise.resolve(),
    } satisfies Startup);

    app.addHook('onReady', async () => {
      chain = runAll();
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), waitMs)));
      const outcome = await Promise.race([chain.then(() => 'done' as const), waited]).finally(() =>
        clearTimeout(timer),
      );
      if (outcome === 'late') {
        app.log.warn(
          { pending },
          `start-up work still running after ${waitMs / 1000} s (${pending.join(', ')}): serving now, /api/health says "starting" until it is done`,
        );
        chain.then(
          () => app.log.info('start-up work done: ready'),
          (error: Error) =>
            app.log.error(
              { err: error, step: failure?.step },
              `start-up work failed at "${failure?.step}": ${error.message}. This server stays unready (/api/health/ready answers 503).`,
            ),
        );
      }
    });
  },
  { name: 'startup' },
);
