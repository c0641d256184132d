/**
 * What reads labels from the camera: the browser's own BarcodeDetector where it has one for QR and
 * Code 128 (Android Chrome, Safari), else the barcode-detector ponyfill over zxing-wasm, whose
 * decoder (WebAssembly) is served from this console's own bundle, never from a CDN (the package
 * would fetch it from jsDelivr unless told). Loaded only when a camera is opened. Browser code.
 */
import type { BarcodeDetector as PonyfillDetector } from 'barcode-detector/ponyfill';

/** The formats labels are printed in (labels: QR; a printer's own Code 128 works too). */
export const LABEL_FORMATS = ['qr_code', 'code_128'] as const;

export interface LabelReader {
  /** The codes in view now (usually none or one). */
  read(source: HTMLVideoElement): Promise<string[]>;
  /** Which reader this is: the browser's, or the bundled one. */
  kind: 'native' | 'bundled';
}

type NativeDetector = { getSupportedFormats(): Promise<string[]> } & (new (options: { formats: readonly string[] }) => {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
});

export async function labelReader(): Promise<LabelReader> {
  const native = (globalThis as { BarcodeDetector?: NativeDetector }).BarcodeDetector;
  if (native) {
    const formats = await native.getSupportedFormats().catch(() => [] as string[]);
    if (LABEL_FORMATS.every((format) => formats.includes(format))) {
      const detector = new native({ formats: LABEL_FORMATS });
      return { kind: 'native', read: async (source) => (await detector.detect(source)).map((found) => found.rawValue) };
    }
  }
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  // Loaded now, from the bundle: a decoder that cannot load says so as the camera opens, not frame by frame.
  await prepareZXingModule({
    overrides: { locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? wasmUrl : prefix + file) },
    fireImmediately: true,
  });
  const detector: PonyfillDetector = new BarcodeDetector({ formats: [...LABEL_FORMATS] });
  return { kind: 'bundled', read: async (source) => (await detector.detect(source)).map((found) => found.rawValue) };
}
