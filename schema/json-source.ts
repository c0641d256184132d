/**
 * Reads JSON text and keeps a map from JSON pointer to source position, so every problem
 * can be reported as file:line:col. Parsing is strict JSON (no comments, no trailing commas).
 *
 * Positions come from jsonc-parser's syntax tree; the value itself comes from JSON.parse,
 * which makes `__proto__` an ordinary own key instead of changing a prototype.
 */
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

export interface SourcePosition {
  /** 1-based line. */
  line: number;
  /** 1-based column, counted in UTF-16 code units as editors do. */
  column: number;
}

export interface PointerLocation {
  /** Where the value starts. */
  value: number;
  /** Where the property's key starts, for values that are object members. */
  key?: number;
}

export interface SyntaxProblem {
  offset: number;
  message: string;
}

export type JsonSource =
  | { ok: true; value: unknown; text: string; locate(pointer: string, at?: 'key' | 'value'): SourcePosition; duplicateKeys: string[] }
  | { ok: false; text: string; problem: SyntaxProblem; position: SourcePosition };

const syntaxMessages: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected a colon after the property name',
  CommaExpected: 'expected a comma',
  CloseBraceExpected: 'expected a comma or }',
  CloseBracketExpected: 'expected a comma or ]',
  EndOfFileExpected: 'unexpected content after the end of the JSON value',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid \\u escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character in string (control characters must be escaped)',
};

/** Escapes one reference token of a JSON pointer (RFC 6901). */
export function escapePointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function joinPointer(base: string, ...tokens: Array<string | number>): string {
  return base + tokens.map((token) => '/' + escapePointerToken(token)).join('');
}

/** Turns offsets into line and column with one pass over the text and a binary search per lookup. */
export function lineIndex(text: string): (offset: number) => SourcePosition {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - starts[low]! + 1 };
  };
}

function indexPointers(root: Node): { pointers: Map<string, PointerLocation>; duplicateKeys: string[] } {
  const pointers = new Map<string, PointerLocation>();
  const duplicateKeys: string[] = [];
  const visit = (node: Node, pointer: string, keyOffset?: number) => {
    pointers.set(pointer, keyOffset === undefined ? { value: node.offset } : { value: node.offset, key: keyOffset });
    if (node.type === 'object') {
      const seen = new Set<string>();
      for (const property of node.children ?? []) {
        const [keyNode, valueNode] = property.children ?? [];
        if (!keyNode || !valueNode) continue;
        const key = String(keyNode.value);
        const childPointer = joinPointer(pointer, key);
        if (seen.has(key)) duplicateKeys.push(childPointer);
        seen.add(key);
        visit(valueNode, childPointer, keyNode.offset);
      }
    } else if (node.type === 'array') {
      (node.children ?? []).forEach((child, index) => visit(child, joinPointer(pointer, index)));
    }
  };
  visit(root, '');
  return { pointers, duplicateKeys };
}

/** Finds the deepest indexed pointer that is a prefix of `pointer`, so a missing child points at its parent. */
function nearest(pointers: Map<string, PointerLocation>, pointer: string): PointerLocation {
  let candidate = pointer;
  for (;;) {
    const hit = pointers.get(candidate);
    if (hit) return hit;
    if (candidate === '') return { value: 0 };
    candidate = candidate.slice(0, candidate.lastIndexOf('/'));
  }
}

/** Node's JSON.parse messages end in "at position N" (Node 20) or carry "(line L column C)". */
function positionFromJsonParseError(error: unknown, text: string): number {
  const message = error instanceof Error ? error.message : '';
  const match = /position (\d+)/.exec(message);
  return match ? Math.min(Number(match[1]), text.length) : 0;
}

export function parseJsonSource(input: string): JsonSource {
  // Editors on Windows sometimes write a byte-order mark; it is not part of the JSON.
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const toPosition = lineIndex(text);
  if (text.trim() === '') {
    return { ok: false, text, problem: { offset: 0, message: 'the file is empty; expected a JSON object' }, position: { line: 1, column: 1 } };
  }
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (first || !root) {
    const offset = first?.offset ?? 0;
    const name = first ? printParseErrorCode(first.error) : 'ValueExpected';
    const problem = { offset, message: `invalid JSON: ${syntaxMessages[name] ?? name}` };
    return { ok: false, text, problem, position: toPosition(offset) };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // The tree parser is lenient in a few corners JSON.parse is not; trust JSON.parse.
    const offset = positionFromJsonParseError(error, text);
    const problem = { offset, message: `invalid JSON: ${error instanceof Error ? error.message : String(error)}` };
    return { ok: false, text, problem, position: toPosition(offset) };
  }
  const { pointers, duplicateKeys } = indexPointers(root);
  return {
    ok: true,
    value,
    text,
    duplicateKeys,
    locate(pointer, at = 'value') {
      const location = nearest(pointers, pointer);
      return toPosition(at === 'key' && location.key !== undefined ? location.key : location.value);
    },
  };
}
