/**
 * A page's bytes made part by part (server/storefront/document-bytes.ts): the same bytes as the
 * whole document made one string and encoded, for text outside Latin-1 and outside the BMP too,
 * from the real index.html through @fastify/vite's template function.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createHtmlTemplateFunction } from '@fastify/vite/utils';
import { describe, expect, it } from 'vitest';
import { documentBytes } from '../../../server/storefront/document-bytes';
import { repoRoot } from '../../helpers/paths';

const page = {
  lang: 'en-GB',
  head: '<title>Chairs “for hire” – Backlot</title>',
  element: '<main><h1>Props ✈ and more 🎬</h1><p>Caf\u00e9 <b>chair</b></p></main>',
  state: '<script type="application/json" id="state">{"q":"\\u003c/script>"}</script>',
};

describe('documentBytes', () => {
  it('gives the bytes the document as one string would have, each part where index.html puts it', async () => {
    const template = createHtmlTemplateFunction(await readFile(path.join(repoRoot, 'storefront/index.html'), 'utf8'));
    const bytes = documentBytes(template)(page);
    expect(bytes.equals(Buffer.from(template(page), 'utf8'))).toBe(true);
    const text = bytes.toString('utf8');
    expect(text).toContain('<html lang="en-GB"');
    expect(text.indexOf(page.head)).toBeLessThan(text.indexOf(page.element));
    expect(text).toContain('Props ✈ and more 🎬');
    expect(text.indexOf(page.element)).toBeLessThan(text.indexOf(page.state));
  });

  it('fills a part the page does not have with nothing, and refuses a template holding its mark', () => {
    const template = createHtmlTemplateFunction('<p><!-- element --></p><i><!-- state --></i>');
    expect(documentBytes(template)({ element: 'x' }).toString()).toBe('<p>x</p><i></i>');
    expect(() => documentBytes(createHtmlTemplateFunction('<p>\u0001</p><!-- element -->'))).toThrow(/U\+0001/);
  });
});
