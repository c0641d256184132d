/**
 * A worker thread's task (server/lib/worker-pool.ts): an uploaded certificate read as the program
 * that opens it would (a PDF by Mozilla's pdf.js, every page; a PNG decoded by pngjs, a JPEG by
 * jpeg-js), off the event loop: bytes that only start like a PDF ("%PDF-" and then HTML) or an
 * image are refused. Answers the problem in words, or nothing when the file opens.
 */
import { decode as decodeJpeg } from 'jpeg-js';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PNG } from 'pngjs';

export interface DocumentCheckTask {
  bytes: Uint8Array;
  kind: 'pdf' | 'png' | 'jpeg';
}

async function pdfProblem(bytes: Uint8Array): Promise<string | undefined> {
  const loading = getDocument({
    data: bytes,
    isEvalSupported: false,
    useSystemFonts: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  try {
    const document = await loading.promise;
    if (document.numPages < 1) return 'is a PDF with no pages';
    for (let number = 1; number <= document.numPages; number += 1)
      await (await document.getPage(number)).getOperatorList();
    return undefined;
  } catch (error) {
    return `is not a PDF a reader can open (${(error as Error).message.slice(0, 120)}): save it again as a PDF, or upload a photo of it`;
  } finally {
    await loading.destroy();
  }
}

export default async function checkDocument({ bytes, kind }: DocumentCheckTask): Promise<string | undefined> {
  if (kind === 'pdf') return pdfProblem(bytes);
  try {
    if (kind === 'png') PNG.sync.read(Buffer.from(bytes));
    else decodeJpeg(bytes, { maxMemoryUsageInMB: 1024, maxResolutionInMP: 200 });
    return undefined;
  } catch (error) {
    return `is not a ${kind.toUpperCase()} image that opens (${(error as Error).message.slice(0, 120)}): take the photo again, or upload the certificate as a PDF`;
  }
}
