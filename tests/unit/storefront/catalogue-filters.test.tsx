/**
 * The catalogue's facet list as the server renders it: an exact count is the number itself; an
 * estimated one (the platform's broadest searches count from a sample) reads "about" to a screen
 * reader and shows "≈" with two significant figures, so 4,937 is never passed off as exact.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CatalogueFilters } from '../../../storefront/components/catalogue/CatalogueFilters';
import { PageStateProvider } from '../../../storefront/config/ConfigurationProvider';
import type { StorefrontConfiguration } from '../../../schema/configuration/configuration';
import type { CatalogueState, PageState } from '../../../storefront/document/state';
import { messages } from '../../../storefront/i18n/messages';

const configuration = {
  tenantId: 'platform',
  version: 'v1',
  site: { appTitle: 'Backlot', domain: 'backlot.example', customFields: [] },
  assetVersions: {},
} as unknown as StorefrontConfiguration;

function rendered(catalogue: CatalogueState): string {
  const state = { path: '/rentals', configuration, now: undefined, item: null, catalogue } as unknown as PageState;
  return renderToStaticMarkup(
    <PageStateProvider state={state}>
      <CatalogueFilters action="/rentals" catalogue={catalogue} />
    </PageStateProvider>,
  );
}

describe('facet counts', () => {
  it('shows an exact count as it is and an estimate as about so many', () => {
    const html = rendered({
      query: { page: 0 },
      total: 250_000,
      hits: [],
      now: '2026-11-28T12:00:00.000Z',
      facets: {
        colors: [
          { value: 'Red', count: 4937, selected: false, estimated: true },
          { value: 'Teal', count: 12, selected: false },
        ],
      },
    } as unknown as CatalogueState);
    expect(html).toContain('title="about 4,900"');
    expect(html).toMatch(/<span aria-hidden="true">≈<\/span><span class="visually-hidden">about <\/span>4,900<\/span>/);
    expect(html).not.toContain('4,937');
    expect(html).toMatch(/<span class="facet-count">12<\/span>/);
  });

  it('says about to two significant figures', () => {
    expect(messages.aboutCount(4937)).toBe('about 4,900');
    expect(messages.aboutCount(123_456)).toBe('about 120,000');
    expect(messages.aboutCount(7)).toBe('about 7');
  });
});
