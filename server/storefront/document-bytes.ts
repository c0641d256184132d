/**
 * index.html with a page's parts in it, as UTF-8 bytes made part by part. Why not one string:
 * the page's parts joined are a 60 KB string of thousands of pieces (React's output), turned into
 * bytes by copying it whole into one flat string first, two bytes a character once any character
 * is outside Latin-1 (a “ or a –), then encoding that. Each part encoded on its own skips that copy:
 * a distinct platform listing at 50 and 200 houses took 2.7 and 2.6 ms of CPU, then 2.1 and 2.4.
 */
import type { RenderedPage } from '../../storefront/entry-server';

/** The template's placeholders a rendered page fills (index.html's `<!-- lang -->`…). */
const PARTS = ['lang', 'head', 'element', 'state'] as const satisfies ReadonlyArray<keyof RenderedPage>;
const MARK = '\u0001';

/**
 * `template` is @fastify/vite's function of index.html (placeholders filled from an object): it
 * is asked once with a mark for each part, and the text between the marks is kept as bytes.
 */
export function documentBytes(
  template: (data: Record<string, string>) => string,
): (page?: Partial<Pick<RenderedPage, (typeof PARTS)[number]>>) => Buffer {
  if (template({}).includes(MARK)) throw new Error('index.html holds U+0001, the mark its parts are found by');
  const pieces = template(Object.fromEntries(PARTS.map((part, i) => [part, `${MARK}${i}${MARK}`]))).split(MARK);
  const literals = pieces.filter((_, i) => i % 2 === 0).map((text) => Buffer.from(text, 'utf8'));
  const order = pieces.filter((_, i) => i % 2 === 1).map((n) => PARTS[Number(n)]!);
  return (page) => {
    const bytes: Buffer[] = [literals[0]!];
    order.forEach((part, i) => bytes.push(Buffer.from(page?.[part] ?? '', 'utf8'), literals[i + 1]!));
    return Buffer.concat(bytes);
  };
}
