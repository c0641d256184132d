/**
 * The `qrcode` package's encoder alone (lib/core/qrcode: the QR matrix, no renderers). Imported by
 * this path because the package's own types (@types/qrcode) pull Node's types into the browser
 * build, which must not see them.
 */
declare module 'qrcode/lib/core/qrcode' {
  export function create(
    text: string,
    options?: { errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' },
  ): { modules: { size: number; get(row: number, column: number): boolean | number } };
}
