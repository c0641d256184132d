/** `backlot validate [paths…] [--format text|json|github|sarif]`: what CI runs on every change to tenants/. */
import { Option, type Command } from 'commander';
import packageJson from '../../package.json' with { type: 'json' };
import { EXIT, displayPath, type CliContext } from '../context';

const FORMATS = ['text', 'json', 'github', 'sarif'] as const;
type Format = (typeof FORMATS)[number];

export function registerValidate(program: Command, context: CliContext): void {
  program
    .command('validate')
    .description('check tenants against the schemas and the cross-field rules')
    .argument('[paths...]', 'tenant folders, single tenant files, or folders of tenants (default: every tenant)')
    .addOption(
      new Option(
        '--format <format>',
        'text for people; json (one report), github (workflow annotations) or sarif (SARIF 2.1.0) for machines',
      )
        .choices(FORMATS)
        .default('text'),
    )
    .addOption(new Option('--json', 'the same as --format json').conflicts('format'))
    .addHelpText(
      'after',
      `
Exit codes: 0 all valid, 1 invalid, 2 usage or read error.
Machine formats print only the report on stdout.

Examples:
  $ backlot validate                          every tenant under tenants/
  $ backlot validate tenants/aviation         one tenant
  $ backlot validate tenants/aviation/site.json --json
  $ backlot validate --format github          annotations on a pull request's lines (GitHub Actions)
  $ backlot validate --format sarif > backlot.sarif`,
    )
    .action(async (paths: string[], options: { json?: boolean; format: Format }) => {
      const format: Format = options.json ? 'json' : options.format;
      const [{ resolveTargets }, { validateTargets, summaryLine }, { startProgress }] = await Promise.all([
        import('../lib/targets'),
        import('../lib/validate-tenants'),
        import('../lib/progress'),
      ]);
      const targets = await resolveTargets(context, paths);
      const progress = format === 'text' ? startProgress(context, targets.tenantDirs.length, 'Validating') : undefined;
      const report = await validateTargets(context, targets, progress?.tick).finally(() => progress?.stop());
      context.exitCode = report.ok ? EXIT.ok : EXIT.invalid;
      const issues = report.issues.map((issue) => ({ ...issue, file: displayPath(context, issue.file) }));
      if (format === 'json') {
        const tenants = report.tenants.map((t) => ({ ...t, dir: displayPath(context, t.dir) }));
        context.stdout.write(
          `${JSON.stringify({ ok: report.ok, summary: report.summary, tenants, issues }, null, 2)}\n`,
        );
        return;
      }
      if (format === 'github' || format === 'sarif') {
        const { githubAnnotations, sarifLog } = await import('../lib/report-formats');
        if (format === 'github') context.stdout.write(githubAnnotations(issues));
        else
          context.stdout.write(
            `${JSON.stringify(sarifLog(issues, { name: 'backlot', version: packageJson.version }), null, 2)}\n`,
          );
        // People reading the CI log still get the one-line verdict, on stderr.
        context.stderr.write(`${summaryLine(report.summary)}\n`);
        return;
      }
      const { renderIssues } = await import('../lib/print-issues');
      context.stdout.write(await renderIssues(context, report.issues, context.stdout));
      context.stdout.write(`${summaryLine(report.summary)}\n`);
    });
}
