/**
 * Checks a catalogue file's text (tenants/<id>/catalogue.json, or a file given to `backlot catalogue
 * import`): JSON syntax, the catalogue schema, then the item rules against the tenant (when the
 * tenant itself is valid). Every problem is an Issue located at file:line:col, like the tenant
 * files' own. Never throws on bad input; no file system.
 */
import { problemsFromAjv } from './ajv-messages';
import { checkCatalogueRules } from './catalogue-rules';
import type { SourceText } from './check-tenant';
import { compareIssues, type Issue } from './issue';
import { parseJsonSource } from './json-source';
import type { Catalogue, Tenant } from './types.generated';
import { partValidators } from './validator-registry';

export const CATALOGUE_FILE_NAME = 'catalogue.json';

export interface CatalogueReport {
  /** The catalogue, present when it has no issues. */
  catalogue?: Catalogue;
  issues: Issue[];
}

export function checkCatalogueSource(
  source: SourceText,
  file: string,
  tenant: Pick<Tenant, 'site' | 'categories'> | undefined,
): CatalogueReport {
  if (typeof source !== 'string')
    return { issues: [{ file, line: 1, column: 1, pointer: '', message: source.unreadable, rule: 'unreadable-file' }] };
  const parsed = parseJsonSource(source);
  if (!parsed.ok)
    return {
      issues: [
        {
          file,
          ...parsed.position,
          pointer: '',
          message: parsed.problem.message,
          rule: parsed.problem.rule ?? 'json-syntax',
        },
      ],
    };
  const issues: Issue[] = parsed.duplicateKeys.map((pointer) => ({
    file,
    ...parsed.locate(pointer, 'key'),
    pointer,
    message: 'duplicate key: JSON keeps only the last one, so the earlier value is silently lost',
    rule: 'duplicate-key',
  }));
  const validate = partValidators().catalogue;
  if (!validate(parsed.value)) {
    for (const problem of problemsFromAjv(validate.errors))
      issues.push({
        file,
        ...parsed.locate(problem.pointer, problem.at),
        pointer: problem.pointer,
        message: problem.message,
        rule: problem.rule,
      });
    return { issues: issues.sort(compareIssues) };
  }
  const catalogue = parsed.value as Catalogue;
  // Without a valid tenant there is nothing to hold the items against: its own files say why.
  if (tenant)
    for (const finding of checkCatalogueRules(catalogue, tenant))
      issues.push({ file, ...parsed.locate(finding.pointer), ...finding });
  return issues.length ? { issues: issues.sort(compareIssues) } : { catalogue, issues };
}
