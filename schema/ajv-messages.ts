/**
 * Turns Ajv's errors into messages a person can act on: which key is unknown and what it
 * probably meant, what was found instead of what was expected, which options are allowed.
 * The facts (allowed keys, bounds, option lists) are read from the schema on each error,
 * never restated here.
 */
import type { ErrorObject } from 'ajv';
import { closest, distance } from 'fastest-levenshtein';
import { joinPointer } from './json-source';

export interface SchemaProblem {
  pointer: string;
  /** Report at the property's key (unknown keys) rather than at its value. */
  at: 'key' | 'value';
  message: string;
  rule: string;
}

type SchemaObject = Record<string, unknown>;

/** What each string format asks for, in words (the console's messages use them too). */
export const formatNouns: Record<string, string> = {
  email: 'a valid email address',
  'date-time': 'an ISO 8601 date-time with an offset, such as 2026-01-31T09:00:00Z',
  date: 'a date such as 2026-01-31',
  'iana-timezone': 'a known IANA time zone such as America/Los_Angeles',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
  hostname: 'a host name',
  uri: 'an absolute URI',
};

function isObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  switch (typeof value) {
    case 'string': {
      const shown = value.length > 48 ? `${value.slice(0, 45)}…` : value;
      return JSON.stringify(shown);
    }
    case 'number':
    case 'boolean':
      return String(value);
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

const typeNouns: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/** Keys the schema allows that the object does not already have, nearest first. */
export function suggestKey(unknownKey: string, allowed: string[]): string | undefined {
  if (allowed.length === 0) return undefined;
  const normalise = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');
  const same = allowed.find((key) => normalise(key) === normalise(unknownKey));
  if (same) return same;
  const best = closest(unknownKey, allowed);
  const limit = Math.max(1, Math.floor(unknownKey.length / 3));
  return distance(unknownKey, best) <= limit ? best : undefined;
}

function constOptions(schema: unknown): Array<{ value: unknown; title?: string }> | undefined {
  if (!Array.isArray(schema) || schema.length === 0) return undefined;
  const options = schema.map((branch) =>
    isObject(branch) && 'const' in branch
      ? { value: branch.const, title: branch.title as string | undefined }
      : undefined,
  );
  return options.every(Boolean) ? (options as Array<{ value: unknown; title?: string }>) : undefined;
}

function listOptions(options: Array<{ value: unknown }>): string {
  return options.map((option) => JSON.stringify(option.value)).join(', ');
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The detail "(found …)" for the keyword an error came from. */
function foundDetail(keyword: string, data: unknown): string {
  switch (keyword) {
    case 'minItems':
    case 'maxItems':
      return Array.isArray(data) ? ` (found ${data.length})` : '';
    case 'minLength':
    case 'maxLength':
      return typeof data === 'string' ? ` (found ${data.length})` : '';
    case 'minProperties':
    case 'maxProperties':
      return isObject(data) ? ` (found ${Object.keys(data).length})` : '';
    default:
      return ` (found ${describeValue(data)})`;
  }
}

function messageFor(error: ErrorObject): string {
  // Ajv's parameters for the keywords below: limits and indexes (numbers), names and patterns (strings).
  const params = error.params as Record<string, string | number> & {
    allowedValues?: unknown[];
    errors?: ErrorObject[];
  };
  const found = foundDetail(error.keyword, error.data);
  switch (error.keyword) {
    case 'type':
      return `must be ${String(params.type)
        .split(',')
        .map((t) => typeNouns[t] ?? t)
        .join(' or ')}${found}`;
    case 'minimum':
      return `must be at least ${params.limit}${found}`;
    case 'maximum':
      return `must be at most ${params.limit}${found}`;
    case 'exclusiveMinimum':
      return `must be greater than ${params.limit}${found}`;
    case 'exclusiveMaximum':
      return `must be less than ${params.limit}${found}`;
    case 'multipleOf':
      return `must be a multiple of ${params.multipleOf}${found}`;
    case 'minLength':
      return params.limit === 1
        ? 'must not be empty'
        : `must be at least ${plural(Number(params.limit), 'character')} long${found}`;
    case 'maxLength':
      return `must be at most ${plural(Number(params.limit), 'character')} long${found}`;
    case 'minItems':
      return `must have at least ${plural(Number(params.limit), 'item')}${found}`;
    case 'maxItems':
      return `must have at most ${plural(Number(params.limit), 'item')}${found}`;
    case 'maxProperties':
      return `must have at most ${params.limit} entries${found}`;
    case 'uniqueItems':
      return `must not repeat an item: items ${params.j} and ${params.i} are the same`;
    case 'format':
      return `must be ${formatNouns[String(params.format)] ?? `in the ${params.format} format`}${found}`;
    case 'pattern':
      return `must match the pattern ${params.pattern}${found}`;
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}${found}`;
    case 'enum':
      return `must be one of ${(params.allowedValues ?? []).map((v) => JSON.stringify(v)).join(', ')}${found}`;
    case 'errorMessage': {
      // ajv-errors: the schema's own message; keep the detail of the keyword it replaced.
      const original = params.errors?.[0];
      return `${error.message}${original ? foundDetail(original.keyword, error.data) : ''}`;
    }
    default:
      return error.message ?? `fails ${error.keyword}`;
  }
}

/**
 * Maps Ajv's errors (from a validator compiled with allErrors and verbose) to located problems.
 * Errors under a oneOf/anyOf are folded into one message for that choice.
 */
export function problemsFromAjv(errors: readonly ErrorObject[] | null | undefined): SchemaProblem[] {
  if (!errors) return [];
  const choicePaths = errors
    .filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf')
    .map((e) => `${e.schemaPath}/`);
  const isInsideChoice = (e: ErrorObject) => choicePaths.some((prefix) => e.schemaPath.startsWith(prefix));
  const problems: SchemaProblem[] = [];
  for (const error of errors) {
    const params = error.params as Record<string, unknown>;
    if (isInsideChoice(error)) continue;
    const rule = `schema/${error.keyword}`;
    switch (error.keyword) {
      case 'additionalProperties': {
        const key = String(params.additionalProperty);
        const properties =
          isObject(error.parentSchema) && isObject(error.parentSchema.properties) ? error.parentSchema.properties : {};
        const present = isObject(error.data) ? error.data : {};
        const candidates = Object.keys(properties).filter((k) => !Object.hasOwn(present, k) && k !== '$schema');
        const suggestion = suggestKey(key, candidates);
        problems.push({
          pointer: joinPointer(error.instancePath, key),
          at: 'key',
          message: `unknown key ${JSON.stringify(key)}${suggestion ? `; did you mean \`${suggestion}\`?` : ''}`,
          rule: 'schema/unknown-key',
        });
        break;
      }
      case 'required':
        // At the missing key's own pointer, so a form shows it on that input; its position in a
        // file is the nearest existing parent's (the object it is missing from).
        problems.push({
          pointer: joinPointer(error.instancePath, String(params.missingProperty)),
          at: 'value',
          message: `missing required key ${JSON.stringify(params.missingProperty)}`,
          rule,
        });
        break;
      case 'uniqueItems':
        problems.push({
          pointer: joinPointer(error.instancePath, Number(params.i)),
          at: 'value',
          message: messageFor(error),
          rule,
        });
        break;
      case 'oneOf':
      case 'anyOf': {
        const options = constOptions(error.schema);
        if (options) {
          problems.push({
            pointer: error.instancePath,
            at: 'value',
            message: `must be one of ${listOptions(options)}${foundDetail('oneOf', error.data)}`,
            rule: 'schema/options',
          });
        } else {
          const prefix = `${error.schemaPath}/`;
          const branches = errors.filter(
            (e) => e.schemaPath.startsWith(prefix) && e.instancePath === error.instancePath,
          );
          const messages = [...new Set(branches.map((e) => messageFor(e).replace(/ \(found .*\)$/, '')))];
          problems.push({
            pointer: error.instancePath,
            at: 'value',
            message: messages.length
              ? `${messages.join(', or ')}${foundDetail(error.keyword, error.data)}`
              : (error.message ?? 'matches none of the allowed forms'),
            rule,
          });
        }
        break;
      }
      case 'errorMessage': {
        // ajv-errors replaced the message; the rule is still the keyword that failed.
        const original = (params.errors as ErrorObject[] | undefined)?.[0];
        problems.push({
          pointer: error.instancePath,
          at: 'value',
          message: messageFor(error),
          rule: `schema/${original?.keyword ?? 'errorMessage'}`,
        });
        break;
      }
      default:
        problems.push({ pointer: error.instancePath, at: 'value', message: messageFor(error), rule });
    }
  }
  return problems;
}
