/**
 * Loaded into a benchmarked server (`node --expose-gc --import tests/bench/memory-probe.mjs`), not
 * into the product: on SIGUSR2, a full garbage collection, then the memory still held on one line
 * of stdout. RSS right after a load also holds the load's garbage, which V8 gives back when it
 * pleases (the same catalogue read 600 to 780 MB from one start to the next); what is live after
 * a full collection is what a catalogue costs.
 */
process.on('SIGUSR2', () => {
  globalThis.gc();
  console.log(`memory after a full collection ${JSON.stringify(process.memoryUsage())}`);
});
