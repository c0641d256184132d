/** History names what changed from the schema's titles and the entries' own names. */
import { describe, expect, it } from 'vitest';
import { pointerLabel } from '../../../admin/history/pointer-label';
import aviationSite from '../../../tenants/aviation/site.json' with { type: 'json' };

describe('pointerLabel', () => {
  it('says a setting by its titles', () => {
    expect(pointerLabel('/site/theme/primaryColor')).toBe('Site settings › Storefront theme › Primary colour');
    expect(pointerLabel('/vendor/address/city')).toBe('Vendor › Address › City');
  });

  it('names list entries after themselves when the tenant is given, by position otherwise', () => {
    expect(pointerLabel('/site/colorMap/0/name', { site: aviationSite })).toBe(
      'Site settings › Colour facet › Red › Colour name',
    );
    expect(pointerLabel('/site/colorMap/0/name')).toBe('Site settings › Colour facet › #1 › Colour name');
  });

  it('leaves anything else as it is', () => {
    expect(pointerLabel('/elsewhere/x')).toBe('/elsewhere/x');
  });
});
