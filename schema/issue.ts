/** One problem found in a tenant's files, located so an editor can jump to it. */
export interface Issue {
  /** The file as the caller named it (the CLI passes paths relative to where it runs). */
  file: string;
  /** 1-based line and column of the offending key or value. */
  line: number;
  column: number;
  /** JSON pointer into the file (RFC 6901); "" is the whole document. */
  pointer: string;
  message: string;
  /** What found it: a schema keyword ("schema/required"), a cross-field rule, or a read or syntax problem. */
  rule: string;
}

/** The one-line form every tool prints: `file:line:col pointer message`. */
export function formatIssue(issue: Issue): string {
  return `${issue.file}:${issue.line}:${issue.column} ${issue.pointer || '(root)'} ${issue.message}`;
}

/** Stable order: by file, then position, then pointer. */
export function compareIssues(a: Issue, b: Issue): number {
  return a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.pointer.localeCompare(b.pointer);
}

/** The lines around an issue's line (1-based), as they are in the file, for showing where it is. */
export function sourceExcerpt(text: string, line: number, around = 1): Array<{ line: number; text: string }> {
  const lines = text.split('\n');
  const first = Math.max(1, line - around);
  const last = Math.min(lines.length, line + around);
  const excerpt: Array<{ line: number; text: string }> = [];
  for (let n = first; n <= last; n++) excerpt.push({ line: n, text: lines[n - 1]!.slice(0, 300) });
  return excerpt;
}
