/**
 * The fonts every PDF here is set in: DejaVu Sans Condensed (the npm package dejavu-fonts-ttf, read from
 * node_modules, never fetched), embedded and subset by pdfkit. pdfkit's built-in Helvetica knows
 * only Windows-1252, so "Łódź", "Ørsted Studios" or a Greek production name came out as garbage;
 * DejaVu covers Latin, Greek and Cyrillic in full (a character it lacks prints as a blank box,
 * never as another one). Read and parsed (fontkit, pdfkit's own font reader) once per process: a
 * document only subsets them.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import type PDFDocument from 'pdfkit';

/** The condensed cut: as wide as Helvetica, so the amounts still fit their columns. */
export const PDF_FONTS = {
  regular: 'DejaVuSansCondensed.ttf',
  bold: 'DejaVuSansCondensed-Bold.ttf',
  oblique: 'DejaVuSansCondensed-Oblique.ttf',
} as const;
export type PdfFont = keyof typeof PDF_FONTS;

let loaded: Promise<Record<PdfFont, fontkit.Font>> | undefined;

const fontsDir = () =>
  path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');

function fonts(): Promise<Record<PdfFont, fontkit.Font>> {
  loaded ??= Promise.all(
    Object.entries(PDF_FONTS).map(
      async ([font, file]) =>
        [font, fontkit.create(await readFile(path.join(fontsDir(), file))) as fontkit.Font] as const,
    ),
  ).then(
    (entries) => Object.fromEntries(entries) as Record<PdfFont, fontkit.Font>,
    (error: unknown) => {
      loaded = undefined;
      throw error;
    },
  );
  return loaded;
}

/** Registers the fonts on a document under their names here (`document.font('bold')`), and starts it in the regular one. */
export async function withPdfFonts(document: InstanceType<typeof PDFDocument>): Promise<void> {
  const parsed = await fonts();
  // pdfkit takes a parsed fontkit font as it takes a file (its PDFFontFactory), and subsets it per document.
  for (const font of Object.keys(PDF_FONTS) as PdfFont[])
    document.registerFont(font, parsed[font] as unknown as Buffer);
  document.font('regular');
}
