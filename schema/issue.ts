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
