/**
 * `backlot items import <tenantId> <file>` and `backlot items export <tenantId>`: a prop house's
 * own spreadsheet (CSV or XLSX, its own column names) into the item store the server uses (the
 * embedded SQLite file, or Firestore with BACKLOT_STORE=firestore), its photos from a folder or a
 * ZIP into the AssetStore; and the catalogue back out with the same columns.
 *
 * The import is worked out whole first (server/catalogue/import/); with any refused row nothing is
 * written (exit 1) unless --skip-refused; --dry-run only reports. The mapping it used is kept for
 * the next import of the same sheet.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Option, type Command } from 'commander';
import {
  CommandFailure,
  EXIT,
  UsageError,
  dataDirOf,
  displayPath,
  safeText,
  tenantsDirOf,
  type CliContext,
} from '../context';
import { sheetSizeProblem } from '../../schema/item-import';
import type { AssetStore } from '../../server/assets/asset-store';
import type { ImportFormat } from '../lib/import-report';

/** The stores the server would use, opened from the same settings (the environment, with the CLI's folders). */
async function openStores(context: CliContext) {
  const [{ configFromEnv }, { openStores: open }, { FileAssetStore }] = await Promise.all([
    import('../../server/config'),
    import('../../server/stores/open-stores'),
    import('../../server/assets/file-asset-store'),
  ]);
  const config = configFromEnv({
    ...context.env,
    BACKLOT_TENANTS_DIR: tenantsDirOf(context),
    BACKLOT_DATA_DIR: dataDirOf(context),
  });
  const tenants = await open.tenants(config);
  const itemStore = await open.items(config);
  const quoteRequests = await open.quoteRequests(config);
  const assets: AssetStore =
    config.assets.provider === 'cloud-storage'
      ? new (await import('../../server/assets/cloud-storage-asset-store')).CloudStorageAssetStore(config.assets)
      : new FileAssetStore(config.tenantsDir, config.dataDir);
  return {
    config,
    tenants: tenants.store,
    itemStore,
    quoteRequests,
    assets,
    close: async () => {
      await itemStore.close();
      await quoteRequests.close();
      await assets.close?.();
      await tenants.close();
    },
  };
}

async function tenantOf(stores: Awaited<ReturnType<typeof openStores>>, tenantId: string) {
  const stored = await stores.tenants.get(tenantId).catch((error: unknown) => {
    throw new UsageError(`tenant ${safeText(tenantId)} cannot be read: ${(error as Error).message}`);
  });
  if (!stored) throw new UsageError(`no tenant ${safeText(tenantId)}`);
  return stored;
}

export function registerItems(program: Command, context: CliContext): void {
  const items = program.command('items').description("a tenant's items, from and to a spreadsheet");
  items
    .command('import')
    .description(
      'import a spreadsheet (CSV or XLSX, any column names) into the item store: checked whole first, nothing written while a row is refused',
    )
    .argument('<tenantId>', 'the tenant the items belong to')
    .argument('<file>', 'the spreadsheet: .csv (any delimiter, UTF-8 or Windows-1252) or .xlsx')
    .option(
      '--photos <dir|zip>',
      'a folder or ZIP of photos, matched by a Photos column or by the key at the start of their file names',
    )
    .option(
      '--mapping <file>',
      'a mapping file: { "columns": { "<field>": "<header>" }, "categories": { "<text>": "group/category" } }',
    )
    .option('--dry-run', 'only report what would be created, updated, left alone and refused')
    .option('--skip-refused', 'import the rows that pass and skip the refused ones (the report names them)')
    .option('--add-categories', 'add the category paths the tree lacks to categories.json')
    .option(
      '--remove-missing',
      "remove the tenant's items the sheet does not list, and retire the units in stock a row's asset tags no longer list (both are kept otherwise)",
    )
    .option('--sheet <name>', "an XLSX workbook's sheet (default: the first)")
    .option('--delimiter <char>', "a CSV's delimiter (default: guessed from its first lines)")
    .addOption(
      new Option('--format <format>', 'text for people; json or github (workflow annotations) for machines')
        .choices(['text', 'json', 'github'])
        .default('text'),
    )
    .addHelpText(
      'after',
      `
Fields: objectID (or SKU), name, description, category, rates.day, rates.week, quantity, replacementValue,
location, weightLb, dimensions (or dimensions.widthIn/depthIn/heightIn), tags, colors, photos, photoAlt,
customFields.<slug>. Columns are guessed from their headers and values; a mapping file overrides the guess.

Exit codes: 0 imported (or a clean dry run), 1 rows refused (nothing written), 2 usage or read error.

Examples:
  $ backlot items import aviation stock.xlsx --dry-run
  $ backlot items import aviation stock.csv --photos photos.zip --add-categories
  $ backlot items import aviation stock.csv --mapping stock-mapping.json --skip-refused --format github`,
    )
    .action(
      async (
        tenantId: string,
        file: string,
        options: {
          photos?: string;
          mapping?: string;
          dryRun?: boolean;
          skipRefused?: boolean;
          addCategories?: boolean;
          removeMissing?: boolean;
          sheet?: string;
          delimiter?: string;
          format: ImportFormat;
        },
      ) => {
        const { prepareImport, mappingLines } = await import('../../server/catalogue/import/prepare-import');
        const { applyImport, retiringUnits } = await import('../../server/catalogue/import/apply-import');
        const { openPhotoSource } = await import('../../server/catalogue/import/photo-source');
        const { saveMapping } = await import('../../server/catalogue/import/saved-mappings');
        const { importReportGithub, importReportJson, importReportText } = await import('../lib/import-report');
        const { startProgress } = await import('../lib/progress');
        const source = path.resolve(context.cwd, file);
        // A file over the limit is refused before it is read into memory.
        const tooLarge = sheetSizeProblem((await stat(source).catch(() => undefined))?.size ?? 0);
        if (tooLarge) throw new UsageError(`${displayPath(context, source)} ${tooLarge}`);
        const bytes = await readFile(source).catch((error: NodeJS.ErrnoException) => {
          throw new UsageError(
            `${displayPath(context, source)}: ${error.code === 'ENOENT' ? 'no such file' : error.code === 'EISDIR' ? 'a folder, not a spreadsheet' : (error.message ?? error.code)}`,
          );
        });
        const photos = options.photos
          ? await openPhotoSource(path.resolve(context.cwd, options.photos)).catch((error: Error) => {
              throw new UsageError(
                `--photos ${safeText(options.photos!)}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such folder or file' : error.message}`,
              );
            })
          : undefined;
        const stores = await openStores(context);
        try {
          const stored = await tenantOf(stores, tenantId);
          const started = performance.now();
          const prepared = await prepareImport({
            bytes,
            file: displayPath(context, source),
            tenantId,
            tenant: stored.tenant,
            itemStore: stores.itemStore,
            units: stores.quoteRequests,
            assets: stores.assets,
            photos,
            ...(options.mapping && { mappingFile: path.resolve(context.cwd, options.mapping) }),
            addCategories: options.addCategories ?? false,
            removeMissing: options.removeMissing ?? false,
            sheetName: options.sheet,
            delimiter: options.delimiter === '\\t' ? '\t' : options.delimiter,
            now: new Date(),
          });
          if ('problem' in prepared) throw new UsageError(prepared.problem);
          const { plan } = prepared.prepared;
          const report = {
            tenantId,
            file: displayPath(context, source),
            dryRun: options.dryRun ?? false,
            mappingFrom: {
              file: 'from the mapping file',
              saved: 'as saved from the last import of this sheet',
              guessed: 'guessed from the headers and values',
              given: 'as given',
            }[prepared.prepared.mappingFrom],
            mapping: mappingLines(prepared.prepared.mapping.columns, stored.tenant),
            plan,
          };
          const print = (done?: Parameters<typeof importReportText>[0]['done'], savedMapping?: string) => {
            const full = { ...report, ...(done && { done }), ...(savedMapping && { savedMapping }) };
            context.stdout.write(
              options.format === 'json'
                ? importReportJson(full)
                : options.format === 'github'
                  ? importReportGithub(plan.problems)
                  : importReportText(full),
            );
          };
          const refusedStops = plan.refused.length > 0 && !options.skipRefused;
          if (options.dryRun || refusedStops) {
            print();
            if (refusedStops)
              throw new CommandFailure(
                `nothing imported: ${plan.refused.length} row${plan.refused.length === 1 ? '' : 's'} refused (fix them, or --skip-refused)`,
              );
            context.exitCode = EXIT.ok;
            return;
          }
          const progress =
            options.format === 'text' ? startProgress(context, plan.photos.length + 1, 'Importing', 20) : undefined;
          const done = await applyImport(
            {
              itemStore: stores.itemStore,
              assets: stores.assets,
              units: stores.quoteRequests,
              retireUnit: retiringUnits(stores.quoteRequests, stored.tenant, 'cli items import'),
              saveCategories: async (categories) => {
                await stores.tenants.put(
                  tenantId,
                  { ...stored.tenant, categories },
                  { ifMatch: stored.version, actor: 'cli items import' },
                );
              },
            },
            plan,
            {
              tenantId,
              photos,
              skipRefused: options.skipRefused ?? false,
              ...(progress && { onProgress: () => progress.tick() }),
            },
          ).finally(() => progress?.stop());
          const kept = await saveMapping(
            stores.assets,
            tenantId,
            prepared.prepared.signature,
            prepared.prepared.mapping,
          );
          print(
            {
              ...done.counts,
              photos: done.photos,
              skipped: done.skipped,
              categoriesAdded: done.categoriesAdded,
              unitsAdded: done.unitsAdded,
              unitsRetired: done.unitsRetired,
              removed: done.removed,
              ms: Math.round(performance.now() - started),
            },
            kept,
          );
          context.exitCode = EXIT.ok;
        } finally {
          await photos?.close();
          await stores.close();
        }
      },
    );

  items
    .command('export')
    .description("write the tenant's items to a spreadsheet with the columns the import reads back")
    .argument('<tenantId>', 'the tenant')
    .addOption(new Option('--format <format>', 'csv or xlsx (default: from --out, else csv)').choices(['csv', 'xlsx']))
    .option('--out <file>', 'where to write it (default: stdout for CSV; <tenantId>-items.xlsx for XLSX)')
    .addHelpText(
      'after',
      `
Examples:
  $ backlot items export aviation --out aviation-items.xlsx
  $ backlot items export aviation > aviation-items.csv`,
    )
    .action(async (tenantId: string, options: { format?: 'csv' | 'xlsx'; out?: string }) => {
      const { exportSheet } = await import('../../server/catalogue/import/export-sheet');
      const { allItems } = await import('../../server/catalogue/move-items');
      const format = options.format ?? (options.out?.toLowerCase().endsWith('.xlsx') ? 'xlsx' : 'csv');
      const stores = await openStores(context);
      try {
        const stored = await tenantOf(stores, tenantId);
        const all = await allItems(stores.itemStore, tenantId);
        const { units } = await stores.quoteRequests.listUnits(tenantId, { limit: 1_000_000 });
        const bytes = await exportSheet(all, stored.tenant, format, units);
        const out = options.out ?? (format === 'xlsx' ? `${tenantId}-items.xlsx` : undefined);
        if (!out) context.stdout.write(bytes.toString('utf8'));
        else {
          await writeFile(path.resolve(context.cwd, out), bytes);
          context.stderr.write(
            `Wrote ${all.length} item${all.length === 1 ? '' : 's'} of ${tenantId} to ${displayPath(context, path.resolve(context.cwd, out))}\n`,
          );
        }
        context.exitCode = EXIT.ok;
      } finally {
        await stores.close();
      }
    });
}
