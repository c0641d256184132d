/**
 * The page state's JSON block (storefront/document/state.ts): inert inside a script element
 * whatever the tenant wrote (`</script>`, `<!--`, `&`, U+2028/2029), the same text and the same
 * object back as JSON.stringify of the whole state would give, with the configuration's part made
 * once per configuration object.
 */
import { describe, expect, it } from 'vitest';
import type { StorefrontConfiguration } from '../../../schema/configuration/configuration';
import { inertJson, serializeState, type PageState } from '../../../storefront/document/state';

const HOSTILE = '</script><script>alert(1)</script> <!-- & \u2028 \u2029 "quoted" \\ back';

function stateWith(configuration: StorefrontConfiguration, path: string): PageState {
  return { path, configuration, content: { title: HOSTILE, html: `<p>${HOSTILE}</p>` }, now: undefined, item: null };
}

describe('the state block', () => {
  const configuration = {
    tenantId: 'acme',
    version: 'v1',
    site: { appTitle: HOSTILE, domain: 'acme.example' },
    assetVersions: {},
  } as unknown as StorefrontConfiguration;

  it('is what escaping the whole state would give, and parses back to it', () => {
    const state = stateWith(configuration, '/about');
    const block = serializeState(state);
    expect(block).toBe(inertJson(state));
    expect(block).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(block)).toEqual(JSON.parse(JSON.stringify(state)));
  });

  it('reuses the configuration part for every page of one configuration, and follows a new one', () => {
    expect(serializeState(stateWith(configuration, '/a'))).toBe(inertJson(stateWith(configuration, '/a')));
    expect(serializeState(stateWith(configuration, '/b'))).toBe(inertJson(stateWith(configuration, '/b')));
    const next = { ...configuration, version: 'v2' } as StorefrontConfiguration;
    expect(JSON.parse(serializeState(stateWith(next, '/a'))).configuration.version).toBe('v2');
  });
});
