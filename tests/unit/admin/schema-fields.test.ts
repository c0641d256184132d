/**
 * The console's forms come from the schema: each site setting's input, label, help, bounds,
 * choices and section are the schema's, and a setting added to (a copy of) the schema appears
 * with no console change.
 */
import { describe, expect, it } from 'vitest';
import { fieldsOf, sectionsOf, withoutEmptyValues } from '../../../admin/schema-form/fields';
import site from '../../../schema/site.schema.json' with { type: 'json' };
import { rootSchema, type SchemaNode } from '../../../schema/schema-walk';

const bySource = (fields: ReturnType<typeof fieldsOf>) => new Map(fields.map((field) => [field.source, field]));

describe('schema → console fields', () => {
  const fields = bySource(fieldsOf(rootSchema('site')));

  it('takes label, help, bounds, choices, widget and section from the schema', () => {
    expect(fields.get('maxColumnCount')).toMatchObject({
      kind: 'integer',
      label: site.properties.maxColumnCount.title,
      help: site.properties.maxColumnCount.description,
      min: 1,
      max: 6,
      section: 'catalogue',
    });
    // x-ui widget "radio" (a short choice) as radio buttons, else a select.
    expect(fields.get('weightUnit')).toMatchObject({
      kind: 'radio',
      choices: [
        { id: 'lb', name: 'Pounds (lb)' },
        { id: 'kg', name: 'Kilograms (kg)' },
      ],
    });
    expect(fields.get('theme.fontStack')).toMatchObject({ kind: 'select', section: 'theme' });
    expect(fields.get('theme.headerStyle')).toMatchObject({ kind: 'radio', default: 'light' });
    expect(fields.get('theme.primaryColor')).toMatchObject({ kind: 'color', section: 'theme' });
    expect(fields.get('favicon')).toMatchObject({ kind: 'image', section: 'branding' });
    expect(fields.get('meta.description')).toMatchObject({ kind: 'textarea', section: 'branding' });
    expect(fields.get('hideQtyIfEq1')).toMatchObject({ kind: 'boolean' });
    expect(fields.get('gaTrackingId')).toMatchObject({
      kind: 'text',
      pattern: expect.any(String),
      patternMessage: expect.stringMatching(/Google Analytics/),
    });
    expect(fields.get('appTitle')).toMatchObject({ required: true });
    expect(fields.get('tenantId')).toMatchObject({ readOnly: true });
  });

  it('leaves lists to their own editors and keeps sections in schema order', () => {
    for (const list of ['headerLinks', 'footerLinks', 'socialLinks', 'colorMap', 'customFields', 'selfPickItemsTags'])
      expect([...fields.keys()].some((source) => source.startsWith(list))).toBe(false);
    expect(sectionsOf([...fields.values()]).slice(0, 3)).toEqual(['identity', 'branding', 'theme']);
  });

  it('shows a setting added to the schema with no console change', () => {
    const copy = structuredClone(site) as unknown as SchemaNode & { properties: Record<string, unknown> };
    copy.properties.holdHours = {
      title: 'Hold length (hours)',
      description: 'How long an unconfirmed hold lasts.',
      type: 'integer',
      minimum: 1,
      maximum: 168,
      default: 48,
      'x-ui': { section: 'ordering' },
    };
    const added = bySource(fieldsOf({ schema: copy, document: copy })).get('holdHours');
    expect(added).toEqual({
      source: 'holdHours',
      label: 'Hold length (hours)',
      help: 'How long an unconfirmed hold lasts.',
      kind: 'integer',
      required: false,
      readOnly: false,
      section: 'ordering',
      min: 1,
      max: 168,
      default: 48,
    });
  });

  it('saves empty inputs as absent settings, and an untouched optional object not at all', () => {
    expect(
      withoutEmptyValues({
        appTitle: 'A',
        gaTrackingId: '',
        ipLocation: { url: null, key: '' },
        theme: { cornerRadius: 0 },
        selfPickItemsTags: [],
        ccAuthEnabled: false,
      }),
    ).toEqual({
      appTitle: 'A',
      theme: { cornerRadius: 0 },
      selfPickItemsTags: [],
      ccAuthEnabled: false,
    });
  });
});
