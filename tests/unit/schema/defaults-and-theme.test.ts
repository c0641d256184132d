/** Schema defaults filled in once for readers, and the storefront theme as CSS custom properties. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withDefaults } from '../../../schema/defaults';
import { schemaDocuments } from '../../../schema/documents';
import { themeCssVariables, themeStylesheet, type Theme } from '../../../schema/theme';
import type { SiteSettings } from '../../../schema/types.generated';
import { acmeDir, tenantsDir } from '../../helpers/paths';

const site = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'site.json'), 'utf8')) as SiteSettings;
/** The schema's own defaults for the theme, read from the schema (the test restates none). */
const themeSchema = schemaDocuments.site.properties.theme.properties as Record<string, { default: unknown }>;
const schemaThemeDefaults = Object.fromEntries(
  Object.entries(themeSchema).map(([key, property]) => [key, property.default]),
);

describe('withDefaults', () => {
  it('fills every absent setting from the schema, builds absent objects from their properties, and keeps what is set', () => {
    const acme = site(acmeDir);
    expect(acme.theme).toBeUndefined();
    const filled = withDefaults('site', acme);
    expect(filled.theme).toEqual(schemaThemeDefaults);
    expect(Object.keys(filled.theme!).sort()).toEqual(Object.keys(themeSchema).sort());
    expect(filled.appTitle).toBe(acme.appTitle);
    expect(filled.confirmDialog).toEqual(schemaDocuments.site.properties.confirmDialog.default);
    // A partial theme keeps its values and gains the rest.
    const partial = withDefaults('site', { ...acme, theme: { primaryColor: '#000000' } });
    expect(partial.theme).toEqual({ ...schemaThemeDefaults, primaryColor: '#000000' });
    // The input is not changed.
    expect(acme.theme).toBeUndefined();
  });

  it('keeps "__proto__" an ordinary key and fills objects inside arrays', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "weeklyDiscounts": [0,0,0,0,0,0,0,0]}');
    const filled = withDefaults('vendor', value) as Record<string, unknown>;
    expect(Object.keys(filled)).toContain('__proto__');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('the theme', () => {
  it('gives each shipped tenant its own complete theme', () => {
    const themes = ['aviation', 'platform'].map(
      (id) => withDefaults('site', site(path.join(tenantsDir, id))).theme as Theme,
    );
    expect(themes[0]).not.toEqual(themes[1]);
    for (const theme of themes) expect(Object.keys(theme).sort()).toEqual(Object.keys(themeSchema).sort());
  });

  it('renders CSS custom properties, with the header colours from the header style', () => {
    const theme = {
      ...(schemaThemeDefaults as Theme),
      primaryColor: '#112233',
      textColor: '#010101',
      backgroundColor: '#fefefe',
      cornerRadius: 8,
    };
    expect(themeCssVariables({ ...theme, headerStyle: 'primary' })).toMatchObject({
      '--color-header-background': '#112233',
      '--color-header-text': '#fefefe',
      '--radius': '8px',
    });
    expect(themeCssVariables({ ...theme, headerStyle: 'dark' })).toMatchObject({
      '--color-header-background': '#010101',
      '--color-header-text': '#fefefe',
    });
    expect(themeCssVariables({ ...theme, headerStyle: 'light' })).toMatchObject({
      '--color-header-background': '#fefefe',
      '--color-header-text': '#112233',
    });
    const css = themeStylesheet(theme);
    expect(css).toMatch(/^:root\{--color-primary:#112233;.*--font-body:system-ui, .*;--radius:8px\}$/);
    expect(css).not.toMatch(/[<>]/);
  });
});
