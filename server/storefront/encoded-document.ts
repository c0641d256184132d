/**
 * A rendered page as it goes over the wire: its HTML as bytes, and the Brotli and gzip encodings of
 * it, each made once on first request (pages are cached, so this runs once per page and version; a
 * page that is not kept is compressed faster).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Each encoding, best first, with what accepts it in Accept-Encoding (named, and not with q=0). */
const ENCODINGS = (['br', 'gzip'] as const).map(
  (name) => [name, new RegExp(`(?:^|[\\s,])${name}(?!;q=0(?:\\.0*)?(?:[\\s,]|$))`)] as const,
);

export class EncodedDocument {
  private readonly encoded = new Map<Encoding, Buffer>();

  /**
   * `kept`: the page goes into the page cache, so it is compressed as small as Brotli 9 and gzip 9
   * make it, once. A page sent once and dropped (a one-off search) is compressed fast instead
   * (Brotli 4, gzip 6): at 9 the compression cost more than rendering the page.
   */
  constructor(
    /** The HTML as UTF-8 bytes (server/storefront/document-bytes.ts). */
    private readonly bytes: Buffer,
    private readonly kept = true,
  ) {}

  /** The best encoding the client accepts (Brotli, then gzip), or the plain text. */
  for(acceptEncoding: string | undefined): { encoding?: Encoding; body: Buffer } {
    const accepted = (acceptEncoding ?? '').toLowerCase();
    const encoding = accepted ? ENCODINGS.find(([, pattern]) => pattern.test(accepted))?.[0] : undefined;
    if (!encoding) return { body: this.bytes };
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: this.kept ? 9 : 4,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              },
            })
          : gzipSync(this.bytes, { level: this.kept ? 9 : 6 });
      this.encoded.set(encoding, body);
    }
    return { encoding, body };
  }
}
