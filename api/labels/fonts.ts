/**
 * The fonts labels are printed in: DejaVu Sans (npm `dejavu-fonts-ttf`, pinned), embedded and subset by pdfkit.
 * PDF's standard Helvetica only knows Windows-1252: a consignee "Dvořák Łukasz" printed as "Dvož²Aukasz", a
 * drop-off "Łódź" as "6Az". DejaVu Sans covers Latin, Greek and Cyrillic; a character it lacks (e.g. CJK) prints
 * as an empty box, never as another letter.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const LABEL_FONT = 'Label';
export const LABEL_FONT_BOLD = 'Label-Bold';

let files: { regular: Buffer; bold: Buffer } | undefined;

/** The TTF files, read once per process. */
function fontFiles(): { regular: Buffer; bold: Buffer } {
  if (!files) {
    const dir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    files = { regular: readFileSync(join(dir, 'DejaVuSans.ttf')), bold: readFileSync(join(dir, 'DejaVuSans-Bold.ttf')) };
  }
  return files;
}

/** Registers LABEL_FONT and LABEL_FONT_BOLD on a document. */
export function registerLabelFonts(doc: PDFKit.PDFDocument): void {
  const { regular, bold } = fontFiles();
  doc.registerFont(LABEL_FONT, regular);
  doc.registerFont(LABEL_FONT_BOLD, bold);
}
