/**
 * A rendered page as it goes over the wire: its HTML, and the Brotli and gzip encodings of it,
 * each made once on first request (pages are cached, so this runs once per page and version).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

export class EncodedDocument {
  private readonly encoded = new Map<Encoding, Buffer>();

  constructor(readonly html: string) {}

  /** The best encoding the client accepts (Brotli, then gzip), or the plain text. */
  for(acceptEncoding: string | undefined): { encoding?: Encoding; body: Buffer | string } {
    const accepted = (acceptEncoding ?? '').toLowerCase();
    const encoding = (['br', 'gzip'] as const).find((name) => new RegExp(`(?:^|[\\s,])${name}(?!;q=0(?:\\.0*)?(?:[\\s,]|$))`).test(accepted));
    if (!encoding) return { body: this.html };
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
          : gzipSync(this.html, { level: 9 });
      this.encoded.set(encoding, body);
    }
    return { encoding, body };
  }
}
