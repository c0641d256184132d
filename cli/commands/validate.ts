/** `backlot validate [paths…] [--json]`: what CI runs on every change to tenants/. */
import type { Command } from 'commander';
import { EXIT, displayPath, type CliContext } from '../context';

export function registerValidate(program: Command, context: CliContext): void {
  program
    .command('validate')
    .description('check tenants against the schemas and the cross-field rules')
    .argument('[paths...]', 'tenant folders, single tenant files, or folders of tenants (default: every tenant)')
    .option('--json', 'print one JSON report on stdout and nothing else')
    .addHelpText(
      'after',
      `
Exit codes: 0 all valid, 1 invalid, 2 usage or read error.

Examples:
  $ backlot validate                          every tenant under tenants/
  $ backlot validate tenants/aviation         one tenant
  $ backlot validate tenants/aviation/site.json --json`,
    )
    .action(async (paths: string[], options: { json?: boolean }) => {
      const [{ resolveTargets }, { validateTargets, summaryLine }, { startProgress }] = await Promise.all([
        import('../lib/targets'),
        import('../lib/validate-tenants'),
        import('../lib/progress'),
      ]);
      const targets = await resolveTargets(context, paths);
      const progress = options.json ? undefined : startProgress(context, targets.tenantDirs.length, 'Validating');
      const report = await validateTargets(context, targets, progress?.tick).finally(() => progress?.stop());
      context.exitCode = report.ok ? EXIT.ok : EXIT.invalid;
      if (options.json) {
        const issues = report.issues.map((issue) => ({ ...issue, file: displayPath(context, issue.file) }));
        const tenants = report.tenants.map((t) => ({ ...t, dir: displayPath(context, t.dir) }));
        context.stdout.write(`${JSON.stringify({ ok: report.ok, summary: report.summary, tenants, issues }, null, 2)}\n`);
        return;
      }
      const { renderIssues } = await import('../lib/print-issues');
      context.stdout.write(await renderIssues(context, report.issues, context.stdout));
      context.stdout.write(`${summaryLine(report.summary)}\n`);
    });
}
