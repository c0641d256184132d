/** The tenant rules as console validators: a finding lands on the input its pointer names, a row-level finding on the row's label, and pointers read as rows. */
import { describe, expect, it } from 'vitest';
import { findingsFor, ruleValidator, sourceOfPointer } from '../../../admin/schema-form/rule-validator';

const colors = {
  rules: ['unique-color-names'],
  listPointer: '/colorMap',
  partsOf: (values: Record<string, unknown>) => ({ site: { colorMap: values.items } as never }),
};

describe('rule validator', () => {
  it('maps pointers under the list to form sources', () => {
    expect(sourceOfPointer('/colorMap/3/name', '/colorMap')).toBe('items.3.name');
    expect(sourceOfPointer('/headerLinks/0/children/2/target', '/headerLinks')).toBe('items.0.children.2.target');
    expect(sourceOfPointer('/footerLinks/0', '/headerLinks')).toBeUndefined();
  });

  it('answers the repeated colour on its own name input only, in rows', () => {
    const validate = ruleValidator(colors);
    const values = {
      items: [
        { name: 'Red', swatch: ['#f00'] },
        { name: ' red ', swatch: ['#e00'] },
      ],
    };
    expect(validate(' red ', values, { source: 'items.1.name', finalSource: 'items.1.name' })).toBe(
      'Colour " red " is already in the colour map at row 1',
    );
    expect(validate('Red', values, { finalSource: 'items.0.name' })).toBeUndefined();
  });

  it('puts a finding about a whole header link on its label', () => {
    const options = {
      rules: ['link-target-resolves'],
      listPointer: '/headerLinks',
      rowInput: 'label',
      partsOf: (values: Record<string, unknown>) => ({
        site: { headerLinks: values.items } as never,
        categories: { groups: [] },
      }),
    };
    const findings = findingsFor(options, { items: [{ label: 'Nowhere' }] });
    expect([...findings.keys()]).toEqual(['items.0.label']);
    expect(findings.get('items.0.label')!.message).toMatch(/goes nowhere/);
  });
});

describe('rule messages', () => {
  it('say nested positions as rows', () => {
    const options = {
      rules: ['unique-sibling-names'],
      listPointer: '/customFields',
      partsOf: (values: Record<string, unknown>) => ({ site: { customFields: values.items } as never }),
    };
    const values = {
      items: [
        {
          name: 'Eras',
          slug: 'eras',
          options: [
            { name: '1950s', slug: 'fifties' },
            { name: '1950S', slug: 'fifties-2' },
          ],
        },
      ],
    };
    const validate = ruleValidator(options);
    expect(validate('1950S', values, { finalSource: 'items.0.options.1.name' })).toBe(
      'Eras option name "1950S" is already used by row 1, option 1; names must be unique among siblings',
    );
  });
});
