/**
 * Runs the built server (dist/server/main.js, what `npm start` runs) as a real process on a free
 * port, and answers once it is ready: listening, then `/api/health/ready` answering 200 (start-up
 * work such as the sample catalogue's import may go on after it listens, on a busy machine), as a
 * load balancer waits for it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import path from 'node:path';
import { repoRoot } from './paths';

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  log(): string;
  stop(): Promise<void>;
}

/** `readyWithinMs`: how long start-up may take once listening (a minute unless said: a benchmark's 400,000 items take longer). */
export function startServer(
  env: Record<string, string>,
  command: string[] = [process.execPath, path.join(repoRoot, 'dist/server/main.js')],
  { readyWithinMs = 60_000 }: { readyWithinMs?: number } = {},
): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, command.slice(1), {
      cwd: repoRoot,
      env: {
        ...process.env,
        METADATA_SERVER_DETECTION: 'none',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        ...env,
      },
      detached: true,
    });
    let output = '';
    let listening = false;
    // A safety net, not a wait: on a machine loaded past both cores a start took over 20 s to listen.
    const timer = setTimeout(() => reject(new Error(`server did not listen within 90 s:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      // Keep only the last 64 KB once listening: a server under load logs every request.
      output = listening ? (output + chunk.toString()).slice(-65_536) : output + chunk.toString();
      if (listening) return;
      const match = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        listening = true;
        clearTimeout(timer);
        const port = Number(match[1]);
        const started: ServerProcess = {
          child,
          port,
          url: `http://127.0.0.1:${port}`,
          log: () => output,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null || child.signalCode !== null) return done();
              child.once('exit', () => done());
              // The whole process group: `npm start` runs node as a child of npm.
              process.kill(-child.pid!, 'SIGTERM');
            }),
        };
        void ready(started.url, readyWithinMs).then(
          () => resolve(started),
          (error: Error) => reject(new Error(`${error.message}:\n${output}`)),
        );
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${output}`));
    });
  });
}

/** Waits until the server's readiness probe answers 200 (at most `withinMs`). */
async function ready(url: string, withinMs: number): Promise<void> {
  const until = Date.now() + withinMs;
  while (Date.now() < until) {
    const answer = await http(`${url}/api/health/ready`).catch(() => undefined);
    if (answer?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server listened but was not ready within ${withinMs / 1000} s`);
}

/** An HTTP request over loopback with full control of headers (Host included). */
export function http(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json<T = any>(): T;
}> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, text, json: () => JSON.parse(text) }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
