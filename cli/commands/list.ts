/** `backlot list [--json]`: the tenants, with their names, domains, category counts and whether each is valid. */
import type { Command } from 'commander';
import { colorsFor, safeText, type CliContext } from '../context';

export function registerList(program: Command, context: CliContext): void {
  program
    .command('list')
    .description('list the tenants: id, name, domain, number of categories, valid or not')
    .option('--json', 'print a JSON array on stdout')
    .addHelpText('after', '\nExamples:\n  $ backlot list\n  $ BACKLOT_TENANTS_DIR=/srv/tenants backlot list --json')
    .action(async (options: { json?: boolean }) => {
      const [{ listTenants }, { startProgress }, { resolveTargets }] = await Promise.all([
        import('../lib/list-tenants'),
        import('../lib/progress'),
        import('../lib/targets'),
      ]);
      const targets = await resolveTargets(context, []);
      const progress = startProgress(context, options.json ? 0 : targets.tenantDirs.length, 'Reading');
      const rows = await listTenants(context, targets, progress.tick).finally(progress.stop);
      if (options.json) {
        context.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
        return;
      }
      if (rows.length === 0) {
        context.stdout.write('No tenants yet. Create one with: backlot new <tenantId> --name "…" --domain …\n');
        return;
      }
      const c = colorsFor(context.stdout, context.env);
      const table = [
        ['ID', 'NAME', 'DOMAIN', 'CATEGORIES', 'STATUS'],
        ...rows.map((row) => [
          safeText(row.id),
          safeText(row.displayName ?? '?'),
          safeText(row.domain ?? '?'),
          row.categories === null ? '?' : String(row.categories),
          row.valid ? 'valid' : `invalid (${row.errors} error${row.errors === 1 ? '' : 's'})`,
        ]),
      ];
      const widths = table[0]!.map((_, column) => Math.max(...table.map((cells) => cells[column]!.length)));
      const lines = table.map((cells, index) => {
        const padded = cells.map((cell, column) =>
          column === 3 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
        );
        if (index === 0) return c.bold(padded.join('  ').trimEnd());
        const status = rows[index - 1]!.valid ? c.green(padded[4]) : c.red(padded[4]);
        return [...padded.slice(0, 4), status].join('  ').trimEnd();
      });
      const invalid = rows.filter((row) => !row.valid).length;
      context.stdout.write(
        `${lines.join('\n')}\n\n${rows.length} tenant${rows.length === 1 ? '' : 's'}${invalid ? `, ${invalid} invalid (run backlot validate)` : ''}\n`,
      );
    });
}
