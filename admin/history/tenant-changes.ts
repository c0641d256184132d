/**
 * What changed between two versions of a tenant, in the console's words: each setting named from
 * the schema's titles and the entries' own names ("Categories › Marine › Docks & Piers › GL code"),
 * before and after. List entries are matched by what identifies them (a slug, an id, a page's
 * path, a link's target), not by position, so moving one category reads "moved from Marine to Set
 * Dressing" instead of every later entry "changed". Pure; any two versions can be compared.
 */
import { effective, itemSchema, propertySchema, rootSchema, type Located } from '../../schema/schema-walk';
import { deepEqual } from '../lib/reapply';
import { entryName, ownName, PART_TITLES } from './pointer-label';

export interface TenantChange {
  /** "Site settings › Storefront theme › Primary colour". */
  label: string;
  kind: 'changed' | 'added' | 'removed' | 'moved' | 'reordered';
  before: string;
  after: string;
}

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The keys that identify a list's entries, in order of preference. */
const IDENTITY_KEYS = ['slug', 'objectID', 'id', 'path', 'network', 'target', 'name', 'label'];

/** The key every entry of both lists has, unique within each, or undefined (then entries match by position). */
function identityKey(before: unknown[], after: unknown[]): string | undefined {
  const entries = [...before, ...after];
  if (!entries.length || !entries.every(isPlain)) return undefined;
  return IDENTITY_KEYS.find((key) =>
    [before, after].every((list) => {
      const values = (list as Plain[]).map((entry) => entry[key]);
      return (
        values.every((value) => typeof value === 'string' && value !== '') && new Set(values).size === values.length
      );
    }),
  );
}

/** A value as one line of text. */
export function shownValue(value: unknown): string {
  if (value === undefined || value === null) return '(not set)';
  if (typeof value === 'string') return value.length > 160 ? `${value.slice(0, 160)}…` : value || '(empty)';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return value.length === 0
      ? '(none)'
      : value.every((entry) => !isPlain(entry) && !Array.isArray(entry))
        ? value.join(', ')
        : value.map((entry, i) => entryName(entry, i)).join(', ');
  return (
    ownName(value) ??
    Object.entries(value)
      .map(([key, entry]) => `${key}: ${isPlain(entry) || Array.isArray(entry) ? '…' : String(entry)}`)
      .join('; ')
  );
}

const titleOf = (schema: Located | undefined, key: string) =>
  (schema && (effective(schema).schema.title as string | undefined)) ?? key;

interface Pending {
  identity: string;
  value: Plain;
  /** Where the entry sat: the list's label, its schema. */
  listLabel: string;
  schema: Located | undefined;
  key: string;
}

export function tenantChanges(before: object | undefined, after: object): TenantChange[] {
  const [was, now] = [before as Plain | undefined, after as Plain];
  const changes: TenantChange[] = [];
  const removed: Pending[] = [];
  const added: Pending[] = [];

  const walk = (a: unknown, b: unknown, schema: Located | undefined, label: string) => {
    if (deepEqual(a, b)) return;
    if (isPlain(a) && isPlain(b)) {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
        if (key === '$schema') continue;
        const child = schema && propertySchema(effective(schema), key);
        walk(a[key], b[key], child, `${label} › ${titleOf(child, key)}`);
      }
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      const entrySchema = schema && itemSchema(effective(schema));
      const key = identityKey(a, b);
      if (!key) {
        // Plain values (tags, discount factors) and lists without identities: the list whole.
        if (a.concat(b).some(isPlain) && a.length === b.length)
          a.forEach((entry, i) => walk(entry, b[i], entrySchema, `${label} › ${entryName(b[i], i)}`));
        else changes.push({ label, kind: 'changed', before: shownValue(a), after: shownValue(b) });
        return;
      }
      const byKey = (list: unknown[]) => new Map((list as Plain[]).map((entry) => [entry[key] as string, entry]));
      const was = byKey(a);
      const now = byKey(b);
      for (const [identity, value] of was)
        if (!now.has(identity)) removed.push({ identity, value, listLabel: label, schema: entrySchema, key });
      for (const [identity, value] of now)
        if (!was.has(identity)) added.push({ identity, value, listLabel: label, schema: entrySchema, key });
      for (const [identity, value] of now)
        if (was.has(identity)) walk(was.get(identity), value, entrySchema, `${label} › ${entryName(value, 0)}`);
      const kept = (list: Plain[], other: Map<string, Plain>) =>
        list.filter((entry) => other.has(entry[key] as string));
      const order = (list: Plain[]) => list.map((entry) => entry[key] as string);
      const keptBefore = kept(a as Plain[], now);
      const keptAfter = kept(b as Plain[], was);
      if (!deepEqual(order(keptBefore), order(keptAfter)))
        changes.push({
          label: `${label} (order)`,
          kind: 'reordered',
          before: shownValue(keptBefore),
          after: shownValue(keptAfter),
        });
      return;
    }
    changes.push({ label, kind: 'changed', before: shownValue(a), after: shownValue(b) });
  };

  const parts = new Set([...Object.keys(was ?? {}), ...Object.keys(now)].filter((part) => part in PART_TITLES));
  for (const part of parts) walk(was?.[part], now[part], rootSchema(part as 'site'), PART_TITLES[part]!);

  // An entry that left one list and arrived in another with the same identity moved (and may
  // also have changed on the way); the rest were removed or added.
  for (const gone of removed) {
    const matches = added.filter((arrived) => arrived.key === gone.key && arrived.identity === gone.identity);
    const arrived = matches.length === 1 ? matches[0] : undefined;
    if (arrived && removed.filter((other) => other.key === gone.key && other.identity === gone.identity).length === 1) {
      added.splice(added.indexOf(arrived), 1);
      const name = entryName(arrived.value, 0);
      changes.push({ label: name, kind: 'moved', before: gone.listLabel, after: arrived.listLabel });
      walk(gone.value, arrived.value, arrived.schema, `${arrived.listLabel} › ${name}`);
    } else {
      changes.push({
        label: `${gone.listLabel} › ${entryName(gone.value, 0)}`,
        kind: 'removed',
        before: shownValue(gone.value),
        after: '(removed)',
      });
    }
  }
  for (const arrived of added)
    changes.push({
      label: `${arrived.listLabel} › ${entryName(arrived.value, 0)}`,
      kind: 'added',
      before: '(none)',
      after: shownValue(arrived.value),
    });
  return changes;
}
