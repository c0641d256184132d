import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    // firebase-admin, wherever a test loads it, must never probe the cloud metadata address.
    env: { METADATA_SERVER_DETECTION: 'none' },
    globalSetup: ['tests/setup/global.ts'],
    // A failed test's browser pages are photographed and their dialogs and alerts quoted in the log.
    setupFiles: ['tests/setup/failed-pages.ts'],
    // A safety net, not a wait: tests wait for what they expect. A whole path through two browsers
    // (a quote to an order, a sub-hire across houses) took just over a minute under a full run on
    // 2 cores, and CI lost each of those tests once to a one-minute limit.
    testTimeout: 180_000,
    // Hooks build apps, copy tenants into a bucket, start servers and remove installs: on a busy
    // machine that outlasts vitest's 10 s default (CI lost two whole files to it). They wait for
    // what they start, so a long limit costs nothing when all is well.
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
    // expect.poll waits for what a page or server shows next. Its default, one second, is shorter
    // than a render can take under a full run on 2 cores (a console test failed on it in CI), and
    // ten seconds was short of what a floor scan took with two other processes burning both cores.
    expect: { poll: { timeout: 30_000 } },
    benchmark: { include: ['tests/bench/**/*.bench.ts'] },
    // Two test files at once on CI's 2 cores (vitest's default is one fewer than the cores): most of
    // a file's time is spent waiting on a server, a browser or an emulator, so the run takes about
    // half as long; a test that needs a quiet machine says so with its own timeouts.
    maxWorkers: 2,
  },
});
