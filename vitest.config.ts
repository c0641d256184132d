import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

type ProjectConfig = NonNullable<TestProjectInlineConfiguration['test']>;

// Two test files at once on CI's 2 cores (vitest's default is one fewer than the cores): most of a
// file's time is spent waiting on a server, a browser or an emulator, so the run takes about half as
// long; a test that needs a quiet machine says so with its own timeouts.
const maxWorkers = 2;

/** What every test file gets, in either project below. */
const everyFile = {
  environment: 'node',
  // firebase-admin, wherever a test loads it, must never probe the cloud metadata address.
  env: { METADATA_SERVER_DETECTION: 'none' },
  // Each file starts from its worker's first environment and its real clock (a shared worker must
  // not hand one file's variables or fake timers to the next); a failed test's browser pages are
  // photographed and their dialogs and alerts quoted in the log.
  setupFiles: ['tests/setup/fresh-env.ts', 'tests/setup/failed-pages.ts'],
  // A safety net, not a wait: tests wait for what they expect. A whole path through two browsers
  // (a quote to an order, a sub-hire across houses) took just over a minute under a full run on
  // 2 cores, and CI lost each of those tests once to a one-minute limit.
  testTimeout: 180_000,
  // Hooks build apps, copy tenants into a bucket, start servers and remove installs: on a busy
  // machine that outlasts vitest's 10 s default (CI lost two whole files to it). They wait for
  // what they start, so a long limit costs nothing when all is well.
  hookTimeout: 180_000,
  // expect.poll waits for what a page or server shows next. Its default, one second, is shorter
  // than a render can take under a full run on 2 cores (a console test failed on it in CI), and
  // ten seconds was short of what a floor scan took with two other processes burning both cores.
  expect: { poll: { timeout: 30_000 } },
  benchmark: { include: ['tests/bench/**/*.bench.ts'] },
  maxWorkers,
} satisfies ProjectConfig;

export default defineConfig({
  test: {
    globalSetup: ['tests/setup/global.ts'],
    teardownTimeout: 60_000,
    maxWorkers,
    projects: [
      {
        // A browser test file has a process of its own: it is long, and its browsers and servers
        // are its own. Vitest runs this project's files first (longest first), then the other's.
        test: { ...everyFile, name: 'browser', include: ['tests/e2e/**/*.test.{ts,tsx}'] },
      },
      {
        // Every other file runs in one of two long-lived workers and shares its imported modules
        // with the files before it: importing the server cost each file about 3 CPU-s, half of what
        // a server test file spent. A file therefore leaves no state behind in a module (its
        // environment and clock are reset for it: tests/setup/fresh-env.ts).
        test: {
          ...everyFile,
          name: 'shared',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/e2e/**'],
          isolate: false,
        },
      },
    ],
  },
});
