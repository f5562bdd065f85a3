/**
 * Code 128 as vector bars: bwip-js encodes the symbol (raw module widths), we draw the bars as PDF
 * rectangles. Vector bars stay sharp at any print resolution and cost no image per label.
 */
import bwipjs from 'bwip-js/node';

/** Alternating bar/space widths in modules, starting with a bar (quiet zones not included). */
export function code128Modules(text: string): number[] {
  const [symbol] = bwipjs.raw('code128', text, '') as { sbs?: number[] }[];
  if (!symbol?.sbs) throw new Error('code128: no symbol');
  return symbol.sbs;
}

export interface BarcodeBox {
  x: number;
  y: number;
  /** Total width available; the symbol is scaled down to fit and centred. */
  width: number;
  height: number;
}

/** Draws the bars into a PDFKit document. Returns the drawn width. */
export function drawCode128(doc: PDFKit.PDFDocument, text: string, box: BarcodeBox, maxModule = 1.4): number {
  const modules = code128Modules(text);
  const total = modules.reduce((a, b) => a + b, 0);
  // 10 modules of quiet zone on each side, as the symbology requires.
  const module = Math.min(maxModule, box.width / (total + 20));
  const drawn = total * module;
  let x = box.x + (box.width - drawn) / 2;
  modules.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(x, box.y, w * module, box.height);
    x += w * module;
  });
  doc.fill('#000000');
  return drawn;
}
