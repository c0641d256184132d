/**
 * Content page bodies and a house's rental terms, from Markdown to HTML: markdown-it with raw HTML off (tags in a body are
 * shown as text) and its link check (no javascript:, vbscript:, file: or data: links), which held
 * against the usual XSS payloads here. Links that leave the site open with noopener. Run on the
 * server only (once per tenant version and page, and for the terms on a quote page); the client
 * receives the HTML.
 */
import MarkdownIt from 'markdown-it';

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true });

const renderLinkOpen =
  markdown.renderer.rules.link_open ??
  ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const href = String(tokens[index]!.attrGet('href') ?? '');
  if (/^https?:\/\//i.test(href)) tokens[index]!.attrSet('rel', 'noopener noreferrer');
  return renderLinkOpen(tokens, index, options, env, self);
};

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
