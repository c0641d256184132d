/** Money in the tenant's currency and locale, weights in its unit, all through Intl. */
import { describe, expect, it } from 'vitest';
import { withDefaults } from '../../../schema/defaults';
import type { SiteSettings } from '../../../schema/types.generated';
import { formatMoney, formatWeight } from '../../../schema/display/format';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { tenantsDir } from '../../helpers/paths';

const aviation = withDefaults(
  'site',
  JSON.parse(readFileSync(path.join(tenantsDir, 'aviation/site.json'), 'utf8')) as SiteSettings,
);

describe('formatting for visitors', () => {
  it('shows aviation money in US dollars and weights in pounds', () => {
    expect(formatMoney(1234.5, aviation)).toBe('$1,234.50');
    expect(formatWeight(42, aviation)).toBe('42 lb');
    expect(formatWeight(7.25, aviation)).toBe('7.3 lb');
  });

  it('follows another locale, currency and unit from config', () => {
    const site = withDefaults('site', {
      ...aviation,
      locale: 'de-DE',
      currency: 'EUR',
      weightUnit: 'kg',
    } as SiteSettings);
    expect(formatMoney(1234.5, site)).toMatch(/^1\.234,50\s+€$/);
    expect(formatWeight(3.5, site)).toMatch(/^3,5\s+kg$/);
  });
});
