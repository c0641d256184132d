/**
 * `backlot catalogue import <tenantId> [file] [--json]`: loads a catalogue file (by default the
 * tenant's own tenants/<id>/catalogue.json) into the item store under BACKLOT_DATA_DIR. The file
 * is checked whole against the tenant first; with any issue nothing is written (exit 1). Importing
 * the same file again changes nothing; items the file does not list are kept.
 */
import path from 'node:path';
import type { Command } from 'commander';
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

export function registerCatalogue(program: Command, context: CliContext): void {
  const catalogue = program.command('catalogue').description("a tenant's catalogue of items");
  catalogue
    .command('import')
    .description(
      'load a catalogue file into the item store (checked against the tenant first; nothing is written if it has a problem)',
    )
    .argument('<tenantId>', 'the tenant the items belong to')
    .argument('[file]', "a catalogue file (default: the tenant's catalogue.json)")
    .option('--json', 'print the result as JSON on stdout')
    .addHelpText(
      'after',
      `
Exit codes: 0 imported, 1 the file has problems (nothing imported), 2 usage or read error.

Examples:
  $ backlot catalogue import aviation
  $ backlot catalogue import aviation exports/spring-stock.json --json`,
    )
    .action(async (tenantId: string, file: string | undefined, options: { json?: boolean }) => {
      const [{ loadTenant }, { importCatalogue, readCatalogueFile }, { SqliteItemStore }, { mkdir }] =
        await Promise.all([
          import('../../schema/node/loader'),
          import('../../server/catalogue/import-catalogue'),
          import('../../server/stores/sqlite-item-store'),
          import('node:fs/promises'),
        ]);
      const { checkDefinition } = await import('../../schema/node/ajv');
      const idProblem = checkDefinition('tenantId', tenantId);
      if (idProblem !== true) throw new UsageError(`tenant id ${safeText(JSON.stringify(tenantId))} ${idProblem}`);
      const tenantDir = path.join(tenantsDirOf(context), tenantId);
      const report = await loadTenant(tenantDir);
      if (!report.tenant) {
        const known = Object.values(report.parsed).length > 0;
        throw new UsageError(
          known
            ? `tenant ${safeText(tenantId)} has problems of its own: run backlot validate ${displayPath(context, tenantDir)}`
            : `no tenant ${safeText(tenantId)} in ${displayPath(context, tenantsDirOf(context))}`,
        );
      }
      const source = file ? path.resolve(context.cwd, file) : path.join(tenantDir, 'catalogue.json');
      const text = await readCatalogueFile(source);
      if (typeof text !== 'string') throw new UsageError(`${displayPath(context, source)}: ${text.unreadable}`);
      const started = performance.now();
      await mkdir(dataDirOf(context), { recursive: true });
      const store = new SqliteItemStore(path.join(dataDirOf(context), 'items.sqlite'));
      const result = await importCatalogue(store, tenantId, report.tenant, text, source).finally(() => store.close());
      const ms = Math.round(performance.now() - started);
      if (!result.ok) {
        const issues = result.issues.map((issue) => ({ ...issue, file: displayPath(context, issue.file) }));
        if (options.json)
          context.stdout.write(
            `${JSON.stringify({ ok: false, tenantId, file: displayPath(context, source), issues }, null, 2)}\n`,
          );
        else {
          const { renderIssues } = await import('../lib/print-issues');
          context.stdout.write(await renderIssues(context, result.issues, context.stdout));
        }
        throw new CommandFailure(
          `nothing imported: ${displayPath(context, source)} has ${issues.length} problem${issues.length === 1 ? '' : 's'}`,
        );
      }
      context.exitCode = EXIT.ok;
      const { counts } = result;
      if (options.json) {
        context.stdout.write(
          `${JSON.stringify({ ok: true, tenantId, file: displayPath(context, source), items: result.items, ...counts, ms }, null, 2)}\n`,
        );
        return;
      }
      context.stdout.write(
        `Imported ${displayPath(context, source)} into ${safeText(tenantId)}: ${result.items} item${result.items === 1 ? '' : 's'} (${counts.added} added, ${counts.updated} updated, ${counts.unchanged} unchanged) in ${ms} ms\n`,
      );
    });
}
