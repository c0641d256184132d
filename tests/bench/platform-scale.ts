/**
 * The platform at many houses (issue 51, point 9), figures not assertions: the built server as
 * `npm start` runs it (file tenants, the embedded search, SQLite), over HTTP on loopback, with N
 * listed houses of 2,000 items each (aviation's catalogue five times over, and a little more, under
 * new ids; each house further east). For each N (BENCH_HOUSES, default 3,50,200):
 * - start to every house's listings in the platform's search (the platform's /rentals total);
 * - the server's RSS once loaded (from its /proc entry), and what it holds after a full garbage
 *   collection (V8's heap in use and the buffers outside it: memory-probe.mjs);
 * - a distinct platform listing's CPU (the server's CPU time over a run / its requests) and size;
 * - the young-generation collections' pauses over both runs below (mean and longest: the issue's
 *   200 houses averaged 16-17 ms when every listing was objects), and the full collections' (how
 *   many, and their time with their incremental marking);
 * - distinct filtered platform listings, nearest first from a place that changes, as a ratio of one
 *   house's distinct filtered listings in the same run (goal ≥ 0.5×).
 * Memory per listing is what is held after a collection beyond the smallest N's, over the listings
 * beyond it (a listing is a house's item and its listing on the platform).
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot, tenantsDir } from '../helpers/paths';
import { http, startServer, type ServerProcess } from '../helpers/server-process';
import { distinctPages } from './distinct-pages';
import { fmt } from './figures';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const SIZES = (process.env.BENCH_HOUSES ?? '3,50,200').split(',').map(Number);
const ITEMS_PER_HOUSE = 2_000;
const COLOURS = ['Blue', 'Red', 'Grey', 'Black', 'White', 'Beige', 'Silver', 'Gold'];
const WORDS = ['', 'seat', 'cart', 'sign', 'light', 'vintage', 'leather', 'chair'];
const PLACES = ['34.09,-118.33', '33.75,-84.39', '40.71,-74.01', '41.88,-87.63', '47.61,-122.33', '29.76,-95.37'];

/** One colour or two: 36 selections. */
const COLOUR_CHOICES = COLOURS.flatMap((first, i) => [
  [first],
  ...COLOURS.slice(i + 1).map((second) => [first, second]),
]);
/**
 * Filtered listings, each address once: a query's page is kept on its second ask (its cache's
 * admission), so a run that asks no address a third time renders every page (6,912 for a house:
 * more than two runs' worth at the rates seen). The run says how many pages were asked for again.
 */
const addresses = (groups: readonly string[], sorts: readonly string[]) =>
  WORDS.flatMap((word) =>
    groups.flatMap((group) =>
      COLOUR_CHOICES.flatMap((colours) =>
        sorts.flatMap((sort) =>
          [1, 2, 3].map((page) => {
            const params = new URLSearchParams(word ? { q: word } : {});
            for (const colour of colours) params.append('color', colour);
            if (sort) params.set('sort', sort);
            params.set('page', String(page));
            return `/rentals/${group}?${params}`;
          }),
        ),
      ),
    ),
  );
const houseListings = addresses(['seats', 'set-dressing', 'studio-gear', 'aviation-sets'], ['', 'newest']);
// The platform's pages are nearest first (its default sort), from a place that moves a little with
// every request, so each is a new page too.
const platformListings = addresses(['furniture', 'props', 'studio-gear', 'sets'], ['']);

interface Item {
  objectID: string;
  name: string;
  vendorId: string;
  _geoloc?: unknown;
}

/** N houses made from aviation, each with ITEMS_PER_HOUSE items, beside a copy of the platform. */
async function makeTenants(dir: string, count: number): Promise<string[]> {
  await cp(path.join(tenantsDir, 'platform'), path.join(dir, 'platform'), { recursive: true });
  const source = path.join(tenantsDir, 'aviation');
  const catalogue = JSON.parse(await readFile(path.join(source, 'catalogue.json'), 'utf8')) as {
    items: Item[];
  };
  const texts = Object.fromEntries(
    await Promise.all(
      ['site.json', 'vendor.json', 'categories.json', 'pages.json'].map(
        async (name) => [name, await readFile(path.join(source, name), 'utf8')] as const,
      ),
    ),
  );
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = `h${String(i + 1).padStart(3, '0')}`;
    const location = { lat: 30 + (i % 10), lng: -120 + Math.floor(i / 10) * (50 / Math.max(1, count / 10)) };
    const home = path.join(dir, id);
    await mkdir(home, { recursive: true });
    await cp(path.join(source, 'assets'), path.join(home, 'assets'), { recursive: true });
    const own = (text: string) => text.replaceAll('/assets/aviation/', `/assets/${id}/`);
    const vendor = JSON.parse(own(texts['vendor.json']!)) as Record<string, unknown>;
    Object.assign(vendor, { id, displayName: `House ${i + 1}`, isListed: true, _geoloc: location });
    const items = Array.from({ length: ITEMS_PER_HOUSE }, (_, n) => {
      const item = catalogue.items[n % catalogue.items.length]!;
      const round = Math.floor(n / catalogue.items.length);
      return {
        ...item,
        objectID: round ? `${item.objectID}-${round}` : item.objectID,
        name: round ? `${item.name} ${round + 1}` : item.name,
        vendorId: id,
        _geoloc: location,
        // Pictures are another tenant's files: none, as the generated catalogues of the other benchmarks.
        images: [],
      };
    });
    await Promise.all([
      writeFile(
        path.join(home, 'site.json'),
        own(texts['site.json']!).replace('"tenantId": "aviation"', `"tenantId": "${id}"`),
      ),
      writeFile(path.join(home, 'vendor.json'), JSON.stringify(vendor, null, 2)),
      writeFile(path.join(home, 'categories.json'), texts['categories.json']!),
      writeFile(path.join(home, 'pages.json'), own(texts['pages.json']!)),
      writeFile(path.join(home, 'catalogue.json'), JSON.stringify({ items })),
    ]);
    ids.push(id);
  }
  return ids;
}

/** The platform's /rentals total, read from the page's state. */
async function platformTotal(url: string): Promise<number> {
  const answer = await http(`${url}/rentals`, { headers: { host: 'platform.localhost' } }).catch(() => undefined);
  if (answer?.status !== 200) return -1;
  return Number(/"total":(\d+)/.exec(answer.text)?.[1] ?? -1);
}

const procStatus = async (pid: number, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
/** The process's user and system CPU, in seconds. */
const cpuSeconds = async (pid: number) => {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

const distinct = (url: string, host: string, addresses: readonly string[], cookieFor?: (n: number) => string) =>
  distinctPages(url, host, addresses, { connections: 20, duration: DURATION, cookieFor });

interface Row {
  houses: number;
  startSeconds: number;
  rss: number;
  /** Bytes held after a full collection. */
  live: number;
  pageCpuMs: number;
  pageKb: number;
  ratio: number;
  house: number;
  platform: number;
  young: Probe['young'];
}

interface Probe {
  young: { count: number; meanMs: number; maxMs: number; full: { count: number; ms: number } };
  /** Bytes held after a full collection: V8's heap in use and the buffers outside it. */
  held: number;
}

/**
 * Asks the server's memory-probe.mjs (SIGUSR2) for its young collections since it was last asked
 * and what it holds after a full collection: its `nth` report (1, 2…). A full collection of a
 * 400,000-listing heap takes seconds; a server that never answers (the probe not loaded) fails the run.
 */
async function probe(server: ServerProcess, nth: number): Promise<Probe> {
  process.kill(server.child.pid!, 'SIGUSR2');
  for (const until = Date.now() + 120_000; Date.now() < until;) {
    const log = server.log();
    const young = [...log.matchAll(/young collections since the last report (\{.*\})/g)][nth - 1]?.[1];
    const memory = [...log.matchAll(/memory after a full collection (\{.*\})/g)][nth - 1]?.[1];
    if (young && memory) {
      const { heapUsed, external } = JSON.parse(memory) as { heapUsed: number; external: number };
      return { young: JSON.parse(young) as Probe['young'], held: heapUsed + external };
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(
    `the server did not report its memory after SIGUSR2 (tests/bench/memory-probe.mjs):\n${server.log()}`,
  );
}

const rows: Row[] = [];
for (const houses of SIZES) {
  const scratch = await mkdtemp(path.join(tmpdir(), `backlot-bench-platform-${houses}-`));
  try {
    const ids = await makeTenants(path.join(scratch, 'tenants'), houses);
    const began = performance.now();
    const server = await startServer(
      {
        BACKLOT_TENANTS_DIR: path.join(scratch, 'tenants'),
        BACKLOT_DATA_DIR: path.join(scratch, '.data'),
        LOG_LEVEL: 'warn',
      },
      // BENCH_NODE_ARGS: flags for the server's node (--cpu-prof, to see where a page's time goes).
      [
        process.execPath,
        ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
        '--expose-gc',
        '--import',
        path.join(repoRoot, 'tests/bench/memory-probe.mjs'),
        path.join(repoRoot, 'dist/server/main.js'),
      ],
      { readyWithinMs: 900_000 },
    );
    const pid = server.child.pid!;
    try {
      const expected = houses * ITEMS_PER_HOUSE;
      while ((await platformTotal(server.url)) < expected) await new Promise((done) => setTimeout(done, 250));
      const startSeconds = (performance.now() - began) / 1000;
      const rss = await procStatus(pid, 'VmRSS');
      // The embedded index gives back what the load's writes left unused once they have been quiet
      // for a second (InProcessSearchIndex.settleNow): what is held is measured after that.
      await new Promise((done) => setTimeout(done, 2_000));
      const live = (await probe(server, 1)).held;
      const pageKb =
        (await http(`${server.url}/rentals/furniture`, { headers: { host: 'platform.localhost' } })).text.length / 1024;
      const host = `${ids[0]}.localhost`;
      const house = await distinct(server.url, host, houseListings);
      const cpuBefore = await cpuSeconds(pid);
      const place = (n: number) => {
        const [lat, lng] = PLACES[n % PLACES.length]!.split(',').map(Number) as [number, number];
        return `backlot_location=${encodeURIComponent(`${(lat + (n % 9_973) * 1e-4).toFixed(4)},${lng}`)}`;
      };
      const platform = await distinct(server.url, 'platform.localhost', platformListings, place);
      const cpu = (await cpuSeconds(pid)) - cpuBefore;
      // The young collections of both runs: pauses every request shares.
      const { young } = await probe(server, 2);
      for (const run of [house, platform]) if (run.non2xx) throw new Error(`${run.non2xx} non-2xx answers`);
      const again = house.requests.total - 2 * houseListings.length;
      if (again > 0) console.warn(`${houses} houses: ${again} house pages were asked a third time (from the cache)`);
      rows.push({
        houses,
        startSeconds,
        rss,
        live,
        pageCpuMs: (cpu * 1000) / platform.requests.total,
        pageKb,
        house: house.requests.average,
        platform: platform.requests.average,
        ratio: platform.requests.average / house.requests.average,
        young,
      });
    } finally {
      await server.stop();
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

const smallest = rows[0]!;
console.log(
  `\nThe platform at many houses (${ITEMS_PER_HOUSE} items a house, built server, file tenants, embedded search; ${DURATION} s a load, 20 connections)`,
);
console.log(
  '  houses  listings  start   RSS      held     per listing  page CPU  page size  young GC mean/max  full GC   house req/s  platform req/s  ratio',
);
for (const row of rows) {
  const perListing =
    row === smallest
      ? '—'
      : `${fmt((row.live - smallest.live) / ((row.houses - smallest.houses) * ITEMS_PER_HOUSE) / 1024, 2)} KB`;
  console.log(
    `  ${String(row.houses).padStart(6)}  ${String(row.houses * ITEMS_PER_HOUSE).padStart(8)}  ${fmt(row.startSeconds, 1).padStart(5)} s  ${fmt(row.rss / 2 ** 20, 0).padStart(5)} MB  ${fmt(row.live / 2 ** 20, 0).padStart(5)} MB  ${perListing.padStart(11)}  ${fmt(row.pageCpuMs, 1).padStart(5)} ms  ${fmt(row.pageKb, 0).padStart(6)} KB  ${`${fmt(row.young.meanMs, 1)}/${fmt(row.young.maxMs, 0)} ms`.padStart(17)}  ${`${row.young.full.count}, ${fmt(row.young.full.ms, 0)} ms`.padStart(9)}  ${fmt(row.house, 0).padStart(11)}  ${fmt(row.platform, 0).padStart(14)}  ${fmt(row.ratio, 2)}× (goal ≥ 0.5×)`,
  );
}
