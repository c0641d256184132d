/** Positions and safety of the JSON reader every tool uses. */
import { describe, expect, it } from 'vitest';
import { joinPointer, MAX_JSON_DEPTH, parseJsonSource, pointerBeyondDepth } from '../../../schema/json-source';
import { suggestKey } from '../../../schema/ajv-messages';

function parsed(text: string) {
  const result = parseJsonSource(text);
  if (!result.ok) throw new Error(`expected ${JSON.stringify(text)} to parse: ${result.problem.message}`);
  return result;
}

describe('parseJsonSource', () => {
  it('locates values and keys by JSON pointer, 1-based', () => {
    const source = parsed('{\n  "a": {\n    "b/c": [10, {"d~e": true}]\n  }\n}');
    expect(source.locate('/a')).toEqual({ line: 2, column: 8 });
    expect(source.locate('/a', 'key')).toEqual({ line: 2, column: 3 });
    expect(source.locate(joinPointer('/a', 'b/c', 1, 'd~e'))).toEqual({ line: 3, column: 25 });
    expect(joinPointer('/a', 'b/c', 1, 'd~e')).toBe('/a/b~1c/1/d~0e');
  });

  it('falls back to the nearest existing parent for a pointer that is not in the file', () => {
    const source = parsed('{\n  "address": {\n    "line1": "x"\n  }\n}');
    expect(source.locate('/address/city')).toEqual({ line: 2, column: 14 });
    expect(source.locate('/nothing/here')).toEqual({ line: 1, column: 1 });
  });

  it('counts columns in UTF-16 units after non-ASCII text, as editors do', () => {
    const source = parsed('{"name": "Café ✈️", "x": 1}');
    expect(source.locate('/x')).toEqual({ line: 1, column: 26 });
  });

  it('keeps "__proto__" as an ordinary key and never touches a prototype', () => {
    const source = parsed('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}');
    const value = source.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('lists duplicate keys at their later occurrence', () => {
    const source = parsed('{"a": 1,\n "a": 2}');
    expect(source.duplicateKeys).toEqual(['/a']);
    expect(source.locate('/a', 'key')).toEqual({ line: 2, column: 2 });
    expect(source.value).toEqual({ a: 2 });
  });

  it('finds duplicates nested in arrays, and is not fooled by quotes and colons inside strings', () => {
    expect(parsed('{"a": [{"x": 1}, {"y": 1, "z": {"q": 0}, "y": 2}]}').duplicateKeys).toEqual(['/a/1/y']);
    expect(parsed('[[], {"k": 1}, [{"k": 1, "k": 2}]]').duplicateKeys).toEqual(['/2/0/k']);
    expect(parsed('{"k": "has \\": colon", "k2": "a:b", "k3": ["\\\\", "x"], "o": {"k": 1}}').duplicateKeys).toEqual(
      [],
    );
  });

  it.each([
    ['{"a": 1,}', 1, 9, 'expected a property name in double quotes'],
    ['{"a": 1 /* note */}', 1, 9, 'comments are not allowed in JSON'],
    ['{\n  "a": 1\n  "b": 2\n}', 3, 3, 'expected a comma'],
    ['{"a": "tab\there"}', 1, 7, 'invalid character in string'],
    ['{"a": 1} {"b": 2}', 1, 10, 'unexpected content after the end of the JSON value'],
    ['{"a": [1, 2}', 1, 12, 'expected a comma'],
    ['   \n\t', 1, 1, 'the file is empty'],
  ])('reports %j at line %i column %i: %s', (text, line, column, message) => {
    const result = parseJsonSource(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.position).toEqual({ line, column });
    expect(result.problem.message).toContain(message);
  });
});

describe('suggestKey', () => {
  it.each([
    ['apTitle', 'appTitle'],
    ['AppTitle', 'appTitle'],
    ['app_title', 'appTitle'],
    ['weeklyDiscount', 'weeklyDiscounts'],
    ['colourMap', 'colorMap'],
  ])('suggests %s → %s', (typo, expected) => {
    expect(suggestKey(typo, ['appTitle', 'weeklyDiscounts', 'colorMap', 'domain'])).toBe(expected);
  });

  it('stays quiet when nothing is close', () => {
    expect(suggestKey('showBanner', ['appTitle', 'domain'])).toBeUndefined();
    expect(suggestKey('x', [])).toBeUndefined();
  });
});

describe('nesting depth', () => {
  const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

  it('accepts MAX_JSON_DEPTH levels and refuses one more, at the bracket that opens it', () => {
    expect(parseJsonSource(nested(MAX_JSON_DEPTH)).ok).toBe(true);
    const refused = parseJsonSource(`{\n  "a": ${nested(MAX_JSON_DEPTH)}\n}`);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.problem).toMatchObject({
      rule: 'json-depth',
      message: expect.stringContaining(`deeper than ${MAX_JSON_DEPTH} levels`),
    });
    // The object is level 1, so the array opening level 65 is the 64th bracket: column 8 + 63.
    expect(refused.position).toEqual({ line: 2, column: 8 + MAX_JSON_DEPTH - 1 });
  });

  it('handles 100,000 levels without recursion, and brackets inside strings do not count', () => {
    expect(parseJsonSource(nested(100_000)).ok).toBe(false);
    expect(parseJsonSource(JSON.stringify({ text: '['.repeat(500) })).ok).toBe(true);
    expect(pointerBeyondDepth(JSON.parse(nested(100)))).toBe(`/${Array(MAX_JSON_DEPTH).fill(0).join('/')}`);
    expect(pointerBeyondDepth({ a: [{ b: 1 }] })).toBeUndefined();
  });
});
