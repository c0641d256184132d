/**
 * Reads JSON text and keeps a map from JSON pointer to source position, so every problem
 * can be reported as file:line:col. Parsing is strict JSON (no comments, no trailing commas).
 *
 * Positions come from jsonc-parser's syntax tree; the value itself comes from JSON.parse,
 * which makes `__proto__` an ordinary own key instead of changing a prototype, and which is
 * the final word on whether the text is JSON at all.
 */
import { parseTree, printParseErrorCode, visit, type Node, type ParseError } from 'jsonc-parser';

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
  /** 'json-depth' for nesting beyond MAX_JSON_DEPTH; a syntax error otherwise. */
  rule?: 'json-depth';
}

export type JsonSource =
  | {
      ok: true;
      value: unknown;
      text: string;
      locate: (pointer: string, at?: 'key' | 'value') => SourcePosition;
      duplicateKeys: string[];
    }
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

/**
 * How deep objects and arrays may nest. Tenant config nests about eight levels (a subcategory
 * inside the tree, a dropdown link's child); anything near this is a mistake or an attack, and
 * refusing it early keeps every recursive step after parsing (locating, formatting, hashing,
 * validating) far from the stack's limit.
 */
export const MAX_JSON_DEPTH = 64;

/** The offset of the first `[` or `{` that opens level `limit + 1`, scanning the text once without recursion. */
export function offsetBeyondDepth(text: string, limit = MAX_JSON_DEPTH): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92 /* \\ */) i++;
        else if (d === 34) break;
      }
    } else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > limit) return i;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return undefined;
}

/** The pointer of the first value nested deeper than `limit`, walking a parsed value without recursion. */
export function pointerBeyondDepth(value: unknown, limit = MAX_JSON_DEPTH): string | undefined {
  const stack: Array<{ value: unknown; pointer: string; depth: number }> = [{ value, pointer: '', depth: 0 }];
  while (stack.length) {
    const { value: current, pointer, depth } = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > limit) return pointer;
    for (const key of Object.keys(current))
      stack.push({
        value: (current as Record<string, unknown>)[key],
        pointer: joinPointer(pointer, key),
        depth: depth + 1,
      });
  }
  return undefined;
}

export const tooDeepMessage = (limit = MAX_JSON_DEPTH) =>
  `nested deeper than ${limit} levels of objects and arrays; tenant config never needs that many`;

/** Escapes one reference token of a JSON pointer (RFC 6901). */
export function escapePointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The reference tokens of a JSON pointer, unescaped: "/site/a~1b/0" → ["site", "a/b", "0"]. */
export function pointerTokens(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
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

function indexPointers(root: Node): Map<string, PointerLocation> {
  const pointers = new Map<string, PointerLocation>();
  const visitNode = (node: Node, pointer: string, keyOffset?: number) => {
    pointers.set(pointer, keyOffset === undefined ? { value: node.offset } : { value: node.offset, key: keyOffset });
    if (node.type === 'object') {
      for (const property of node.children ?? []) {
        const [keyNode, valueNode] = property.children ?? [];
        if (keyNode && valueNode) visitNode(valueNode, joinPointer(pointer, String(keyNode.value)), keyNode.offset);
      }
    } else if (node.type === 'array') {
      (node.children ?? []).forEach((child, index) => visitNode(child, joinPointer(pointer, index)));
    }
  };
  visitNode(root, '');
  return pointers;
}

/** In valid JSON every string followed by a colon is a key. One pass, no allocation. */
function countKeysInText(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) !== 34 /* " */) continue;
    for (i++; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 92 /* \\ */) i++;
      else if (c === 34) break;
    }
    let j = i + 1;
    while (j < text.length) {
      const c = text.charCodeAt(j);
      if (c !== 32 && c !== 10 && c !== 13 && c !== 9) break;
      j++;
    }
    if (text.charCodeAt(j) === 58 /* : */) count++;
  }
  return count;
}

function countKeysInValue(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  let count = 0;
  if (Array.isArray(value)) for (const item of value) count += countKeysInValue(item);
  else for (const key of Object.keys(value)) count += 1 + countKeysInValue((value as Record<string, unknown>)[key]);
  return count;
}

/**
 * Pointers of keys that repeat within one object, at the later occurrence. JSON.parse keeps
 * only the last, so when the text has more keys than the value there are duplicates to find.
 */
function findDuplicateKeys(text: string, value: unknown): string[] {
  if (countKeysInText(text) === countKeysInValue(value)) return [];
  const duplicates: string[] = [];
  // One frame per open object or array: its pointer, keys seen (objects) or next index (arrays).
  const frames: Array<{ pointer: string; keys?: Set<string>; index: number; pendingKey?: string }> = [];
  const childPointer = () => {
    const frame = frames[frames.length - 1];
    if (!frame) return '';
    return frame.keys ? joinPointer(frame.pointer, frame.pendingKey ?? '') : joinPointer(frame.pointer, frame.index++);
  };
  visit(
    text,
    {
      onObjectBegin: () => {
        frames.push({ pointer: childPointer(), keys: new Set(), index: 0 });
      },
      onObjectProperty: (key) => {
        const frame = frames[frames.length - 1]!;
        if (frame.keys!.has(key)) duplicates.push(joinPointer(frame.pointer, key));
        frame.keys!.add(key);
        frame.pendingKey = key;
      },
      onObjectEnd: () => {
        frames.pop();
      },
      onArrayBegin: () => {
        frames.push({ pointer: childPointer(), index: 0 });
      },
      onArrayEnd: () => {
        frames.pop();
      },
      onLiteralValue: () => {
        const frame = frames[frames.length - 1];
        if (frame && !frame.keys) frame.index++;
      },
    },
    { disallowComments: true },
  );
  return duplicates;
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

/**
 * Valid files take the fast path (JSON.parse plus a tree-less scan for duplicate keys);
 * the syntax tree that maps pointers to positions is built only when something asks where.
 */
export function parseJsonSource(input: string): JsonSource {
  // Editors on Windows sometimes write a byte-order mark; it is not part of the JSON.
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  if (text.trim() === '') {
    return {
      ok: false,
      text,
      problem: { offset: 0, message: 'the file is empty; expected a JSON object' },
      position: { line: 1, column: 1 },
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // JSON.parse is the authority on validity; the tree parser says where and why in plainer words.
    const errors: ParseError[] = [];
    parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    const offset = first ? first.offset : positionFromJsonParseError(error, text);
    const name = first ? printParseErrorCode(first.error) : undefined;
    const detail = name ? (syntaxMessages[name] ?? name) : error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      text,
      problem: { offset, message: `invalid JSON: ${detail}` },
      position: lineIndex(text)(offset),
    };
  }
  const tooDeep = offsetBeyondDepth(text);
  if (tooDeep !== undefined)
    return {
      ok: false,
      text,
      problem: { offset: tooDeep, message: tooDeepMessage(), rule: 'json-depth' },
      position: lineIndex(text)(tooDeep),
    };
  let index: { pointers: Map<string, PointerLocation>; toPosition: (offset: number) => SourcePosition } | undefined;
  return {
    ok: true,
    value,
    text,
    duplicateKeys: findDuplicateKeys(text, value),
    locate: (pointer, at = 'value') => {
      index ??= {
        pointers: indexPointers(parseTree(text, [], { disallowComments: true })!),
        toPosition: lineIndex(text),
      };
      const location = nearest(index.pointers, pointer);
      return index.toPosition(at === 'key' && location.key !== undefined ? location.key : location.value);
    },
  };
}
