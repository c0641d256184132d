// @vitest-environment jsdom
/** The theme's contrast check: it passes the shipped themes, and warns, with the ratio, when text and background fall below WCAG AA. */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fieldsOf } from '../../admin/schema-form/fields';
import { ThemeContrast } from '../../admin/settings/ThemeContrast';
import { rootSchema } from '../../schema/schema-walk';
import aviation from '../../tenants/aviation/site.json' with { type: 'json' };
import { renderInForm } from './render';

afterEach(cleanup);
const fields = fieldsOf(rootSchema('site'));

describe('ThemeContrast', () => {
  it('passes the aviation theme and the schema defaults', () => {
    renderInForm(<ThemeContrast fields={fields} />, { record: { theme: aviation.theme } });
    expect(screen.getByRole('status').textContent).toMatch(
      /^Contrast passes WCAG AA.*Body text on the background: \d+\.\d\d:1/,
    );
    cleanup();
    renderInForm(<ThemeContrast fields={fields} />, { record: {} });
    expect(screen.getByRole('status').textContent).toMatch(/^Contrast passes WCAG AA/);
  });

  it('warns when body text is too light for the background, giving the ratio', () => {
    renderInForm(<ThemeContrast fields={fields} />, {
      record: { theme: { textColor: '#999999', backgroundColor: '#ffffff' } },
    });
    expect(screen.getByRole('status').textContent).toMatch(
      /Some text will be hard to read.*Body text on the background: 2\.85:1.*at least 4\.5:1/,
    );
  });
});
