/** `backlot fmt`, the logic: find tenant files whose text differs from the canonical form, and rewrite them. */
import path from 'node:path';
import pLimit from 'p-limit';
import { writeFileAtomic } from '../../schema/node/atomic-write';
import { canonicalJson } from '../../schema/canonical-json';
import type { Issue } from '../../schema/issue';
import { parseJsonSource } from '../../schema/json-source';
import { readSource, TENANT_PARTS, tenantFileName } from '../../schema/node/loader';
import { rootSchema } from '../../schema/schema-walk';
import { partOfFile, type Targets } from './targets';

export interface FormatReport {
  /** Files whose text is not canonical (rewritten unless checking). */
  changed: string[];
  unchanged: string[];
  /** Files that could not be read or parsed, located. */
  failed: Issue[];
}

export async function formatTargets(targets: Targets, options: { check: boolean }): Promise<FormatReport> {
  const files = targets.tenantDirs.flatMap((dir) => [
    ...(targets.onlyFiles.get(dir) ?? TENANT_PARTS.map((part) => path.join(dir, tenantFileName(part)))),
  ]);
  const report: FormatReport = { changed: [], unchanged: [], failed: [] };
  const limit = pLimit(16);
  const outcomes = await Promise.all(
    files.map((file) =>
      limit(async (): Promise<{ file: string; outcome: 'changed' | 'unchanged' | 'missing' } | Issue> => {
        const text = await readSource(file);
        if (text === undefined) return { file, outcome: 'missing' };
        if (typeof text !== 'string')
          return { file, line: 1, column: 1, pointer: '', message: text.unreadable, rule: 'unreadable-file' };
        const parsed = parseJsonSource(text);
        if (!parsed.ok)
          return {
            file,
            ...parsed.position,
            pointer: '',
            message: `${parsed.problem.message}; fix it before formatting`,
            rule: 'json-syntax',
          };
        const canonical = canonicalJson(parsed.value, rootSchema(partOfFile(file)!));
        if (canonical === text) return { file, outcome: 'unchanged' };
        if (!options.check) await writeFileAtomic(file, canonical);
        return { file, outcome: 'changed' };
      }),
    ),
  );
  for (const outcome of outcomes) {
    if ('rule' in outcome) report.failed.push(outcome);
    else if (outcome.outcome === 'changed') report.changed.push(outcome.file);
    else if (outcome.outcome === 'unchanged') report.unchanged.push(outcome.file);
  }
  return report;
}
