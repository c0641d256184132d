/** `backlot fmt [paths…] [--check]`: one canonical text form for tenant files, so diffs stay small. */
import type { Command } from 'commander';
import { EXIT, displayPath, type CliContext } from '../context';

export function registerFmt(program: Command, context: CliContext): void {
  program
    .command('fmt')
    .description('rewrite tenant files in canonical form: schema key order, two-space indent, trailing newline')
    .argument('[paths...]', 'tenant folders, single tenant files, or folders of tenants (default: every tenant)')
    .option('--check', 'change nothing; exit 1 and name the files that are not in canonical form')
    .addHelpText(
      'after',
      '\nExamples:\n  $ backlot fmt                 format every tenant\n  $ backlot fmt --check         what CI runs\n  $ backlot fmt tenants/aviation/site.json',
    )
    .action(async (paths: string[], options: { check?: boolean }) => {
      const [{ resolveTargets }, { formatTargets }, { renderIssues }] = await Promise.all([
        import('../lib/targets'),
        import('../lib/format-files'),
        import('../lib/print-issues'),
      ]);
      const check = Boolean(options.check);
      const report = await formatTargets(await resolveTargets(context, paths), { check });
      const verb = check ? 'not formatted' : 'formatted';
      for (const file of report.changed) context.stdout.write(`${verb}: ${displayPath(context, file)}\n`);
      context.stdout.write(await renderIssues(context, report.failed, context.stdout));
      const total = report.changed.length + report.unchanged.length;
      const summary = check
        ? report.changed.length
          ? `${report.changed.length} of ${total} files need formatting: run backlot fmt`
          : `${total} files already formatted`
        : `${report.changed.length} formatted, ${report.unchanged.length} already formatted`;
      context.stdout.write(`${summary}${report.failed.length ? `, ${report.failed.length} could not be read` : ''}\n`);
      context.exitCode = report.failed.length || (check && report.changed.length) ? EXIT.invalid : EXIT.ok;
    });
}
