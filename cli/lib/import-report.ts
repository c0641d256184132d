/**
 * An item import's report in the CLI's formats: text for people (the mapping used, what would be
 * created, updated, left alone and refused, each problem as `file:row:column header message` with
 * the cell, the paths the tree lacks with the nearest it has), one JSON object, or GitHub workflow
 * annotations (each problem on its row of the file). Pure: the command prints what it returns.
 */
import type { ImportPlan, ImportProblem } from '../../server/catalogue/import/import-plan';
import { formatImportProblem } from '../../server/catalogue/import/import-plan';
import { importSummary } from '../../schema/item-import';
import { safeText } from '../context';
import { workflowError } from './report-formats';

export type ImportFormat = 'text' | 'json' | 'github';

export interface ImportReport {
  tenantId: string;
  file: string;
  dryRun: boolean;
  mappingFrom: string;
  mapping: Array<{ title: string; header: string }>;
  plan: ImportPlan;
  /** What was written (absent on a dry run or a refusal). */
  done?: {
    added: number;
    updated: number;
    unchanged: number;
    photos: number;
    skipped: number;
    categoriesAdded: number;
    unitsAdded: number;
    unitsRetired: number;
    removed: number;
    ms: number;
  };
  savedMapping?: string;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function importReportText(report: ImportReport): string {
  const { plan } = report;
  const lines = [
    `${report.dryRun ? 'Dry run of' : 'Import of'} ${safeText(report.file)} (sheet ${safeText(JSON.stringify(plan.sheet))}, ${plural(plan.rows, 'row')}) into ${report.tenantId}`,
  ];
  lines.push(`Columns (${report.mappingFrom}):`);
  for (const line of report.mapping) lines.push(`  ${line.title} ← ${safeText(JSON.stringify(line.header))}`);
  lines.push(
    `${report.dryRun ? 'Would create' : 'To create'} ${plan.create.length}, update ${plan.update.length}, leave ${plan.unchanged.length} unchanged, refuse ${plan.refused.length}${plan.remove.length ? `, remove ${plan.remove.length} the sheet does not list` : ''}; ${plural(plan.photos.length, 'photo')} to store${plan.units.length ? `; ${plural(plan.units.length, 'unit')} to add for new asset tags` : ''}${plan.retire.length ? `; ${plural(plan.retire.length, 'unit')} to retire, no longer on their rows (${plan.retire.map((unit) => unit.tag).join(', ')})` : ''}${plan.addedCategories.length ? `; ${plural(plan.addedCategories.length, 'category path')} to add (${plan.addedCategories.join(', ')})` : ''}.`,
  );
  if (plan.unknownCategories.length) {
    lines.push('Categories the tree lacks (map them in a mapping file, or --add-categories):');
    for (const entry of plan.unknownCategories.slice(0, 50))
      lines.push(
        `  ${safeText(JSON.stringify(entry.text))} on ${plural(entry.rows.length, 'row')} (${entry.rows.slice(0, 8).join(', ')}${entry.rows.length > 8 ? ' …' : ''})${entry.nearest ? `: nearest is ${safeText(entry.nearest)}` : ''}`,
      );
  }
  if (plan.problems.length) {
    lines.push(`${plural(plan.problems.length, 'problem')}:`);
    for (const problem of plan.problems) lines.push(`  ${safeText(formatImportProblem(problem))}`);
  }
  if (plan.warnings.length) {
    lines.push(`${plural(plan.warnings.length, 'warning')} (imported, but check):`);
    for (const warning of plan.warnings) lines.push(`  ${safeText(formatImportProblem(warning))}`);
  }
  if (report.done) {
    const done = report.done;
    lines.push(
      `Imported: ${done.added} added, ${done.updated} updated, ${done.unchanged} unchanged, ${plural(done.photos, 'photo')} stored${done.unitsAdded ? `, ${plural(done.unitsAdded, 'unit')} added` : ''}${done.unitsRetired ? `, ${plural(done.unitsRetired, 'unit')} retired` : ''}${done.removed ? `, ${done.removed} removed` : ''}${done.categoriesAdded ? `, ${plural(done.categoriesAdded, 'category path')} added` : ''}${done.skipped ? `; ${plural(done.skipped, 'refused row')} skipped (${plan.refused.map((entry) => entry.row).join(', ')})` : ''} in ${done.ms} ms.`,
    );
  }
  if (report.savedMapping)
    lines.push(`The column mapping is kept for the next import of this sheet (${safeText(report.savedMapping)}).`);
  return `${lines.join('\n')}\n`;
}

export function importReportGithub(problems: readonly ImportProblem[]): string {
  return problems
    .map((problem) =>
      workflowError(
        {
          file: problem.file,
          line: problem.row,
          column: problem.column ?? 1,
          title: `backlot import ${problem.header ?? 'row'}`,
        },
        formatImportProblem(problem),
      ),
    )
    .join('');
}

/** The report as JSON: the plan's counts and problems, not every item (the items go to the store). */
export function importReportJson(report: ImportReport): string {
  const { plan } = report;
  return `${JSON.stringify(
    {
      ok: plan.refused.length === 0 || report.done !== undefined,
      tenantId: report.tenantId,
      file: report.file,
      dryRun: report.dryRun,
      mappingFrom: report.mappingFrom,
      mapping: report.mapping,
      ...importSummary(plan),
      ...(report.done && { done: report.done }),
    },
    null,
    2,
  )}\n`;
}
