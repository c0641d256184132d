import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    globalSetup: ['tests/setup/build.ts'],
    // Type-checking subprocesses and property tests take a few seconds on 2 cores.
    testTimeout: 60_000,
    benchmark: { include: ['tests/bench/**/*.bench.ts'] },
  },
});
