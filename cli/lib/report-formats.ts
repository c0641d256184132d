/**
 * Machine formats of a validation report for CI:
 * - `github`: workflow commands, so a pull request shows each problem on its line
 *   (https://docs.github.com/actions/reference/workflow-commands-for-github-actions);
 * - `sarif`: a SARIF 2.1.0 log (code-scanning uploads, editors, other CI systems).
 * Pure functions over the issues; `file` is already the path to show (relative to the repository).
 */
import type { Log, ReportingDescriptor, Result } from 'sarif';
import type { Issue } from '../../schema/issue';

/** Escapes a workflow command's message (data) part. */
const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
/** Escapes a property value: also ':' and ','. */
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** One `::error` workflow command at a file's line and column. */
export function workflowError(
  at: { file: string; line: number; column: number; title: string },
  message: string,
): string {
  const properties = [
    `file=${escapeProperty(at.file)}`,
    `line=${at.line}`,
    `col=${at.column}`,
    `title=${escapeProperty(at.title)}`,
  ].join(',');
  return `::error ${properties}::${escapeData(message)}\n`;
}

export function githubAnnotations(issues: readonly Issue[]): string {
  return issues
    .map((issue) =>
      workflowError(
        { file: issue.file, line: issue.line, column: issue.column, title: `backlot ${issue.rule}` },
        `${issue.pointer || '(root)'} ${issue.message}`,
      ),
    )
    .join('');
}

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

export function sarifLog(
  issues: readonly Issue[],
  tool: { name: string; version: string; informationUri?: string },
): Log {
  const ruleIds = [...new Set(issues.map((issue) => issue.rule))].sort();
  const rules: ReportingDescriptor[] = ruleIds.map((id) => ({ id, shortDescription: { text: `backlot ${id}` } }));
  const results: Result[] = issues.map((issue) => ({
    ruleId: issue.rule,
    ruleIndex: ruleIds.indexOf(issue.rule),
    level: 'error',
    message: { text: `${issue.pointer || '(root)'} ${issue.message}` },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: issue.file.split('\\').join('/') },
          region: { startLine: issue.line, startColumn: issue.column },
        },
      },
    ],
    ...(issue.pointer ? { properties: { pointer: issue.pointer } } : {}),
  }));
  return {
    version: '2.1.0',
    $schema: SARIF_SCHEMA,
    runs: [
      {
        tool: {
          driver: {
            name: tool.name,
            version: tool.version,
            ...(tool.informationUri ? { informationUri: tool.informationUri } : {}),
            rules,
          },
        },
        results,
      },
    ],
  };
}
