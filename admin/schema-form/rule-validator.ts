/**
 * The tenant rules (schema/rules.ts, the same ones `backlot validate` and the server run) as a
 * react-admin validator, so a duplicate colour name or a link to no page is flagged on its own
 * input while the admin types. The server still has the final word.
 *
 * `partsOf` builds the tenant parts a rule reads from the form's values; `sourceOf` maps a
 * finding's pointer to the input it concerns (`/colorMap/3/name` → `items.3.name`). A finding
 * about a whole row (`/headerLinks/0`) is shown on the row's first input, its label.
 */
import type { Validator } from 'react-admin';
import { TENANT_RULES, type RuleFinding } from '../../schema/rules';
import { pointerTokens } from '../../schema/json-source';
import type { Tenant } from '../../schema/types.generated';
import { withoutEmptyValues } from './fields';

export interface RuleValidatorOptions {
  /** Which rules apply (their ids). */
  rules: readonly string[];
  partsOf(values: Record<string, unknown>): Partial<Tenant>;
  /** The list a form's `items` stand for, as a pointer into its part: `/colorMap`. */
  listPointer: string;
  /** The input a row-level finding lands on. */
  rowInput?: string;
  /** Where that list is in the form: `items` (list records) unless said otherwise. */
  formList?: string;
}

/** `/colorMap/3/name` under `/colorMap` → `items.3.name`. */
export function sourceOfPointer(pointer: string, listPointer: string, formList = 'items'): string | undefined {
  if (pointer !== listPointer && !pointer.startsWith(`${listPointer}/`)) return undefined;
  return [formList, ...pointerTokens(pointer.slice(listPointer.length))].join('.');
}

export function findingsFor(options: RuleValidatorOptions, values: Record<string, unknown>): Map<string, RuleFinding> {
  // Empty inputs are absent settings, as saved (a cleared GL code is no GL code).
  const parts = options.partsOf(withoutEmptyValues(values));
  const bySource = new Map<string, RuleFinding>();
  for (const rule of TENANT_RULES) {
    if (!options.rules.includes(rule.id) || !rule.needs.every((part) => parts[part] !== undefined)) continue;
    let findings: RuleFinding[];
    try {
      findings = rule.check(parts as Tenant, { tenantId: '' });
    } catch {
      // The rules trust a schema-valid shape; a half-filled row (a required name still empty, said
      // under its input) can break that until it is filled in.
      continue;
    }
    for (const finding of findings) {
      const source = sourceOfPointer(finding.pointer, options.listPointer, options.formList);
      if (source === undefined) continue;
      // A finding about a row (items.0) is shown on that row's own input for such findings.
      const key =
        /^[A-Za-z]+(?:\.\d+\.[A-Za-z]+)*\.\d+$/.test(source) && options.rowInput
          ? `${source}.${options.rowInput}`
          : source;
      if (!bySource.has(key)) bySource.set(key, finding);
    }
  }
  return bySource;
}

/** One validator for every input of the form: it answers the finding for the input's own source. */
export function ruleValidator(options: RuleValidatorOptions): Validator {
  return (_value, values, props) => {
    const source =
      (props as { finalSource?: string; source?: string } | undefined)?.finalSource ??
      (props as { source?: string } | undefined)?.source;
    if (!source || !values) return undefined;
    const finding = findingsFor(options, values as Record<string, unknown>).get(source);
    return finding ? readable(finding.message, options.listPointer) : undefined;
  };
}

const ROW_NOUNS: Record<string, string> = {
  options: 'option',
  categories: 'category',
  subcategories: 'subcategory',
  children: 'dropdown link',
  groups: 'group',
};

/** The CLI's message, with pointers into the list said as rows: "… at /customFields/0/options/2" → "… at row 1, option 3". */
function readable(message: string, listPointer: string): string {
  const escaped = listPointer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const rows = message.replace(new RegExp(`${escaped}((?:/[A-Za-z]+)?/\\d+)+`, 'g'), (pointer) => {
    const tokens = pointer.slice(listPointer.length).split('/').filter(Boolean);
    const words = [`row ${Number(tokens.shift()) + 1}`];
    for (let i = 0; i + 1 < tokens.length; i += 2)
      words.push(`${ROW_NOUNS[tokens[i]!] ?? tokens[i]} ${Number(tokens[i + 1]) + 1}`);
    return words.join(', ');
  });
  return rows.charAt(0).toUpperCase() + rows.slice(1);
}
