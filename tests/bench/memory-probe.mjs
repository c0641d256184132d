/**
 * Loaded into a benchmarked server (`node --expose-gc --import tests/bench/memory-probe.mjs`), not
 * into the product. On SIGUSR2, two lines of stdout:
 * - the young-generation collections since the last signal (how many, their mean and longest
 *   pause): the pauses every request shares, which grow with what the heap holds as objects;
 * - then full garbage collections, and the memory still held. RSS right after a load also holds
 *   the load's garbage, which V8 gives back when it pleases (the same catalogue read 600 to 780 MB
 *   from one start to the next); what is live after a full collection is what a catalogue costs.
 */
import { constants, PerformanceObserver } from 'node:perf_hooks';

let pauses = [];
/** Full collections (and their incremental marking) since the last report: their count and time. */
let full = { count: 0, ms: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = entry.detail?.kind;
    if (kind === constants.NODE_PERFORMANCE_GC_MINOR) pauses.push(entry.duration);
    else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR || kind === constants.NODE_PERFORMANCE_GC_INCREMENTAL)
      full = {
        count: full.count + (kind === constants.NODE_PERFORMANCE_GC_MAJOR ? 1 : 0),
        ms: full.ms + entry.duration,
      };
  }
}).observe({ entryTypes: ['gc'] });

process.on('SIGUSR2', () => {
  const young = {
    count: pauses.length,
    meanMs: pauses.reduce((sum, pause) => sum + pause, 0) / Math.max(1, pauses.length),
    maxMs: Math.max(0, ...pauses),
    full,
  };
  pauses = [];
  full = { count: 0, ms: 0 };
  console.log(`young collections since the last report ${JSON.stringify(young)}`);
  void settled().then((memory) => console.log(`memory after a full collection ${JSON.stringify(memory)}`));
});

/**
 * Three full collections a little apart: array buffers are given back by V8's sweeper after a
 * collection, not during it, so one collection read tens of megabytes a catalogue no longer held.
 */
async function settled() {
  for (let round = 0; round < 3; round++) {
    globalThis.gc();
    await new Promise((done) => setTimeout(done, 300));
  }
  return process.memoryUsage();
}
