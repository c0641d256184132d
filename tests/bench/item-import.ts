/**
 * The spreadsheet import, measured (`npm run bench`): 5,000 rows of another prop house's sheet
 * (tests/fixtures/prop-house: its own columns, rates as text, sizes in two units), each row with
 * its photo (5,000 PNGs in a folder), into the aviation tenant:
 * - the baseline: reading the same CSV alone (the sheet reader: decode, guess the delimiter, parse);
 * - the dry run: read, map, check every cell, every photo by the image rules and every item by the
 *   schema and the catalogue rules;
 * - the import: the dry run, then 5,000 photos stored (files AssetStore) and 5,000 items written
 *   in one transaction (SQLite item store);
 * - the same import again (nothing to change).
 * Each with its time and its peak memory (resident set, sampled every 10 ms, over the phase's
 * start), against the baseline in the same run.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadTenant } from '../../schema/node/loader';
import type { Tenant } from '../../schema/types.generated';
import { FileAssetStore } from '../../server/assets/file-asset-store';
import { applyImport } from '../../server/catalogue/import/apply-import';
import { openPhotoSource } from '../../server/catalogue/import/photo-source';
import { prepareImport } from '../../server/catalogue/import/prepare-import';
import { readSheet } from '../../server/catalogue/import/read-sheet';
import { SqliteItemStore } from '../../server/stores/sqlite-item-store';
import { csvText, HEADERS, stockRows } from '../fixtures/prop-house/generate-stock';
import { TINY_PNG } from '../fixtures/tiny-png';
import { repoRoot } from '../helpers/paths';
import { fmt } from './figures';

const ROWS = 5_000;

/** Runs `work`, sampling the resident set: its time and the peak over where it started. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; peakMb: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, ms: performance.now() - started, peakMb: (peak - start) / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

const dir = await mkdtemp(path.join(tmpdir(), 'backlot-import-bench-'));
try {
  const tenant = (await loadTenant(path.join(repoRoot, 'tenants', 'aviation'))).tenant as Tenant;
  const photosDir = path.join(dir, 'photos');
  await mkdir(photosDir);
  const rows = stockRows(ROWS).map((row) => row.with(13, `${row[0]}.png`));
  // Each photo its own bytes (a different last byte after the image data), as a real library's are.
  await Promise.all(
    rows.map((row, index) =>
      writeFile(
        path.join(photosDir, `${row[0]}.png`),
        Buffer.concat([TINY_PNG, Buffer.from([index % 256, index >> 8])]),
      ),
    ),
  );
  const bytes = Buffer.from(csvText([HEADERS, ...rows]));
  console.log(
    `Importing ${ROWS.toLocaleString('en-US')} rows (${fmt(bytes.length / 1024 / 1024)} MB of CSV) with ${ROWS.toLocaleString('en-US')} photos:`,
  );

  const parse = await measured(async () => readSheet(bytes));
  if ('problem' in parse.result) throw new Error(parse.result.problem);
  console.log(`  reading the CSV alone (baseline): ${fmt(parse.ms, 0)} ms, peak +${fmt(parse.peakMb, 0)} MB`);

  const itemStore = new SqliteItemStore(path.join(dir, 'items.sqlite'));
  const assets = new FileAssetStore(path.join(dir, 'tenants'), dir);
  const target = { itemStore, assets, saveCategories: async () => {} };
  const plan = async () => {
    const photos = await openPhotoSource(photosDir);
    const prepared = await prepareImport({
      bytes,
      file: 'bench.csv',
      tenantId: 'aviation',
      tenant,
      itemStore,
      assets,
      photos,
      now: new Date(),
    });
    if ('problem' in prepared) throw new Error(prepared.problem);
    return { prepared: prepared.prepared, photos };
  };
  const dry = await measured(plan);
  if (dry.result.prepared.plan.refused.length)
    throw new Error(
      `${dry.result.prepared.plan.refused.length} rows refused: ${JSON.stringify(dry.result.prepared.plan.problems.slice(0, 3))}`,
    );
  console.log(
    `  dry run: ${fmt(dry.ms, 0)} ms (${fmt(dry.ms / parse.ms, 1)}× reading alone), peak +${fmt(dry.peakMb, 0)} MB; ${dry.result.prepared.plan.create.length} to create`,
  );

  const imported = await measured(async () => {
    const { prepared, photos } = await plan();
    return applyImport(target, prepared.plan, { tenantId: 'aviation', photos });
  });
  console.log(
    `  import: ${fmt(imported.ms, 0)} ms (${fmt(imported.ms / parse.ms, 1)}× reading alone), peak +${fmt(imported.peakMb, 0)} MB; ${imported.result.counts.added} items and ${imported.result.photos} photos written`,
  );

  const again = await measured(async () => {
    const { prepared, photos } = await plan();
    return applyImport(target, prepared.plan, { tenantId: 'aviation', photos });
  });
  console.log(
    `  the same import again: ${fmt(again.ms, 0)} ms (${fmt(again.ms / parse.ms, 1)}× reading alone), ${again.result.counts.unchanged} unchanged`,
  );
  await itemStore.close();
} finally {
  await rm(dir, { recursive: true, force: true });
}
