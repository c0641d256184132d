/**
 * A throwaway PostgreSQL 15 cluster from the machine image's binaries (/usr/lib/postgresql/15/bin),
 * on a free loopback port, for tests of what several servers share (accounts and sessions). It
 * runs as an unprivileged user: `postgres` (through runuser) when the tests run as root, since
 * PostgreSQL refuses to run as root; else as the user running the tests. Trust authentication on
 * loopback only; fsync off (a test database). `stop` ends it by its process group and removes it.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chownSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const BIN = process.env.BACKLOT_POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

export interface TestPostgres {
  /** postgres://backlot@127.0.0.1:<port>/postgres */
  url: string;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export async function startPostgres(): Promise<TestPostgres> {
  const root = await mkdtemp(path.join(tmpdir(), 'backlot-pg-'));
  const asRoot = process.getuid?.() === 0;
  const as = (command: string, args: string[]) =>
    (asRoot ? ['/usr/sbin/runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]) as [
      string,
      string[],
    ];
  if (asRoot) {
    const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres']).toString().trim()));
    chownSync(root, uid!, gid!);
  }
  const data = path.join(root, 'data');
  execFileSync(
    ...as(path.join(BIN, 'initdb'), ['-D', data, '-U', 'backlot', '--auth=trust', '-E', 'UTF8', '--no-sync']),
    { stdio: 'pipe' },
  );
  const port = await freePort();
  const [command, args] = as(path.join(BIN, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    root,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'full_page_writes=off',
  ]);
  const server = spawn(command, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  server.stderr.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-8192)));
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      execFileSync(path.join(BIN, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-q']);
      break;
    } catch {
      if (Date.now() > deadline || server.exitCode !== null) throw new Error(`PostgreSQL did not start:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    url: `postgres://backlot@127.0.0.1:${port}/postgres`,
    async stop() {
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        // SIGINT: PostgreSQL's fast shutdown; the whole group, runuser and postgres alike.
        process.kill(-server.pid!, 'SIGINT');
        await exited;
      }
      await rm(root, { recursive: true, force: true });
    },
  };
}
