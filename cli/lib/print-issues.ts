/**
 * Prints issues for people: grouped by file, each as `file:line:col  pointer  message`, with a
 * short code frame like TypeScript's. Colours only on a terminal.
 */
import { codeFrameColumns } from '@babel/code-frame';
import type { Issue } from '../../schema/issue';
import { readSource } from '../../schema/node/loader';
import { colorsFor, displayPath, safeText, type CliContext, type Output } from '../context';

/** Frames are skipped on lines too long to show (minified files). */
const MAX_FRAMED_LINE = 400;
const NO_FRAME_RULES = new Set(['missing-file', 'unreadable-file']);

/**
 * Control characters in the file (terminal escapes among them) become U+FFFD before framing:
 * one character for one, so columns still line up, and nothing from the file reaches the
 * terminal as a command.
 */
function neutralise(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this replaces
  return text.replace(/^\ufeff/, '').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '\ufffd');
}

function frameFor(text: string, issue: Issue, color: boolean): string | undefined {
  const source = neutralise(text);
  const line = source.split(/\r\n|\r|\n/)[issue.line - 1];
  if (line === undefined || line.length > MAX_FRAMED_LINE) return undefined;
  return codeFrameColumns(
    source,
    { start: { line: issue.line, column: issue.column } },
    { linesAbove: 1, linesBelow: 1, highlightCode: color, forceColor: color },
  );
}

export async function renderIssues(context: CliContext, issues: readonly Issue[], output: Output): Promise<string> {
  const c = colorsFor(output, context.env);
  const byFile = new Map<string, Issue[]>();
  for (const issue of issues) byFile.set(issue.file, [...(byFile.get(issue.file) ?? []), issue]);
  const blocks: string[] = [];
  for (const [file, fileIssues] of byFile) {
    const shown = displayPath(context, file);
    const needsText = fileIssues.some((issue) => !NO_FRAME_RULES.has(issue.rule));
    const text = needsText ? await readSource(file) : undefined;
    const lines = [c.bold(c.underline(shown))];
    for (const issue of fileIssues) {
      const where = c.cyan(`${shown}:${issue.line}:${issue.column}`);
      lines.push(
        `${where}  ${c.yellow(safeText(issue.pointer || '(root)'))}  ${safeText(issue.message)} ${c.dim(`[${issue.rule}]`)}`,
      );
      const frame =
        typeof text === 'string' && !NO_FRAME_RULES.has(issue.rule)
          ? frameFor(text, issue, c.isColorSupported)
          : undefined;
      if (frame) lines.push(frame.replace(/^/gm, '  '));
    }
    blocks.push(lines.join('\n'));
  }
  return blocks.length ? `${blocks.join('\n\n')}\n\n` : '';
}
