/**
 * One shipping label per package (SPEC issue 3 "Labels"): tracking reference and package barcode as
 * Code 128, drop-off location name, code and address, locker number when known, consignee and phone,
 * service (standard / express: the shipment's type), size, print date, "package n of N", and at the
 * foot the sender and return address (the merchant and its pickup location). A6 by default, 4x6 in as an option.
 */
import PDFDocument from 'pdfkit';
import { makeTranslator } from '../../core/i18n/index.js';
import type { Translate } from '../../core/validation.js';
import { fieldError } from '../resources/validate.js';
import { drawCode128 } from './code128.js';
import { LABEL_FONT, LABEL_FONT_BOLD, registerLabelFonts } from './fonts.js';

export const LABEL_FORMATS = { a6: [297.64, 419.53], '4x6': [288, 432] } as const;
export type LabelFormat = keyof typeof LABEL_FORMATS;
export const isLabelFormat = (v: unknown): v is LabelFormat => typeof v === 'string' && v in LABEL_FORMATS;

/** The format a print request asks for (query or body `format`): none is A6, an unknown one a 422 on `format`. */
export function requestedLabelFormat(raw: unknown): LabelFormat {
  if (raw === undefined || raw === null || raw === '') return 'a6';
  if (!isLabelFormat(raw)) fieldError('format', 'validation.in');
  return raw;
}

export interface LabelData {
  reference_id: string;
  barcode: string;
  external_reference_id?: string | null;
  dropoff: { name: string; code: string; address?: string } | null;
  locker_number?: string | null;
  consignee: string;
  /** The recipient's phone, formatted for reading (international). */
  phone?: string | null;
  merchant: string;
  /** Who sends the package and where it returns: the merchant and its pickup location's address. */
  sender?: { name: string; address: string } | null;
  /** The shipment's service: its type, standard or express. */
  service?: string | null;
  /** The print date, YYYY-MM-DD. */
  date?: string | null;
  size: string;
  index: number;
  total: number;
}

/** Label captions in the user's language (the caller passes its translator). */
export interface LabelCaptions {
  reference: string;
  package: string;
  dropoff: string;
  locker: string;
  consignee: string;
  merchant: string;
  order: string;
  size: string;
  phone: string;
  service: string;
  date: string;
  sender: string;
  /** "Package {n} of {N}" already formatted for a given n and N. */
  count(n: number, total: number): string;
  sizeName(size: string): string;
  serviceName(service: string): string;
}

const named = (t: Translate, group: string, value: string) => {
  const text = t(`${group}.${value}`);
  return text === `${group}.${value}` ? value : text;
};

/** Captions from the labels.* and sizes.* catalogue keys (translate falls back to English); English by default. */
export function labelCaptions(t: Translate = makeTranslator('en')): LabelCaptions {
  return {
    reference: t('labels.reference'),
    package: t('labels.package'),
    dropoff: t('labels.dropoff'),
    locker: t('labels.locker'),
    consignee: t('labels.consignee'),
    merchant: t('labels.merchant'),
    order: t('labels.order'),
    size: t('labels.size'),
    phone: t('resources.shipments.fields.phone'),
    service: t('labels.service'),
    date: t('labels.date'),
    sender: t('labels.sender'),
    count: (n, total) => t('labels.count', { n, total }),
    // An unknown size or service is printed as stored.
    sizeName: (size) => named(t, 'sizes', size),
    serviceName: (service) => named(t, 'shipment_types', service),
  };
}

/** A label document with the label fonts (fonts.ts); pages are added by drawLabel. `info` goes into the PDF metadata. */
export function createLabelDocument(title = 'Lockerline labels'): PDFKit.PDFDocument {
  const doc = new PDFDocument({ autoFirstPage: false, compress: true, info: { Title: title, Creator: 'Lockerline' } });
  registerLabelFonts(doc);
  return doc;
}

/** Adds one page with the label. */
export function drawLabel(doc: PDFKit.PDFDocument, label: LabelData, format: LabelFormat = 'a6', captions: LabelCaptions = labelCaptions()): void {
  const [width, height] = LABEL_FORMATS[format];
  const m = 14;
  const inner = width - 2 * m;
  doc.addPage({ size: [width, height], margin: 0 });
  // One line in `w`, cut with an ellipsis: pdfkit wraps any text given a width, and cuts only within a height.
  const fit = (w: number, align?: 'right' | 'center') => ({ width: w, height: doc.currentLineHeight(true) * 1.5, align, lineBreak: false, ellipsis: true });
  doc.lineWidth(1).rect(m / 2, m / 2, width - m, height - m).stroke('#000000');

  let y = m;
  doc.font(LABEL_FONT_BOLD).fontSize(13).fillColor('#000000').text(label.merchant, m, y, fit(inner - 70));
  doc.font(LABEL_FONT_BOLD).fontSize(11).text(captions.count(label.index, label.total), m, y + 1, fit(inner, 'right'));
  y += 22;

  // Drop-off block: where the package goes, big, with its address and the locker number when known.
  const dropoffHeight = 78;
  doc.rect(m, y, inner, dropoffHeight).fill('#000000');
  doc.fillColor('#ffffff').font(LABEL_FONT).fontSize(8).text(captions.dropoff.toUpperCase(), m + 6, y + 5, { lineBreak: false });
  doc.font(LABEL_FONT_BOLD).fontSize(14).text(label.dropoff?.name ?? '-', m + 6, y + 16, fit(inner - 12));
  doc.font(LABEL_FONT).fontSize(9).text(label.dropoff?.address ?? '', m + 6, y + 34, fit(inner - 12));
  // The code on the left, the locker on the right: a long code is printed smaller to fit beside the locker number.
  const locker = label.locker_number ? `${captions.locker} ${label.locker_number}` : '';
  const code = label.dropoff?.code ?? '';
  const lockerWidth = locker ? doc.font(LABEL_FONT_BOLD).fontSize(18).widthOfString(locker) + 10 : 0;
  const codeRoom = inner - 12 - lockerWidth;
  const codeSize = Math.max(9, Math.min(18, (18 * codeRoom) / Math.max(1, doc.font(LABEL_FONT_BOLD).fontSize(18).widthOfString(code))));
  doc.fontSize(codeSize).text(code, m + 6, y + 50 + (18 - codeSize) * 0.7, fit(codeRoom));
  if (locker) doc.fontSize(18).text(locker, m + 6, y + 50, fit(inner - 12, 'right'));
  doc.fillColor('#000000');
  y += dropoffHeight + 8;

  const field = (caption: string, value: string, x: number, w: number, inverse = false) => {
    doc.font(LABEL_FONT).fontSize(7.5).text(caption.toUpperCase(), x, y, fit(w));
    if (inverse) {
      doc.rect(x, y + 9, Math.min(w, doc.font(LABEL_FONT_BOLD).fontSize(11).widthOfString(value) + 8), 14).fill('#000000');
      doc.fillColor('#ffffff').font(LABEL_FONT_BOLD).fontSize(11).text(value, x + 4, y + 11, fit(w - 4));
      doc.fillColor('#000000');
      return;
    }
    doc.font(LABEL_FONT_BOLD).fontSize(11).text(value, x, y + 10, fit(w));
  };
  field(captions.consignee, label.consignee || '-', m, inner * 0.56);
  field(captions.phone, label.phone || '-', m + inner * 0.58, inner * 0.42);
  y += 28;
  // Express stands out (white on black): it is handled first.
  field(captions.service, label.service ? captions.serviceName(label.service) : '-', m, inner * 0.34, label.service === 'express');
  field(captions.size, captions.sizeName(label.size), m + inner * 0.36, inner * 0.3);
  field(captions.date, label.date ?? '-', m + inner * 0.68, inner * 0.32);
  y += 30;

  // The foot: sender and return address, then the order number.
  const footHeight = 36 + (label.external_reference_id ? 11 : 0);
  const barcodeBlock = (caption: string, text: string, barHeight: number) => {
    doc.font(LABEL_FONT).fontSize(7.5).text(caption.toUpperCase(), m, y, fit(inner));
    y += 11;
    drawCode128(doc, text, { x: m, y, width: inner, height: barHeight });
    y += barHeight + 3;
    doc.font('Courier-Bold').fontSize(11).text(text, m, y, fit(inner, 'center'));
    y += 18;
  };
  const forBars = height - y - m - footHeight - 2 * 32;
  const packageBars = Math.max(46, Math.min(90, forBars * 0.6));
  barcodeBlock(captions.package, label.barcode, packageBars);
  barcodeBlock(captions.reference, label.reference_id, Math.max(32, Math.min(60, forBars - packageBars)));

  y = Math.max(y, height - m - footHeight);
  doc.moveTo(m, y - 3).lineTo(m + inner, y - 3).lineWidth(0.5).stroke('#000000');
  doc.font(LABEL_FONT).fontSize(7.5).text(captions.sender.toUpperCase(), m, y, fit(inner));
  doc.font(LABEL_FONT_BOLD).fontSize(9).text(label.sender?.name ?? label.merchant, m, y + 9, fit(inner));
  doc.font(LABEL_FONT).fontSize(9).text(label.sender?.address || '-', m, y + 20, fit(inner));
  if (label.external_reference_id) {
    doc.font(LABEL_FONT).fontSize(8).text(`${captions.order}: ${label.external_reference_id}`, m, y + 32, fit(inner));
  }
}

/** Renders labels into one PDF buffer (single shipments; bulk print streams instead). */
export async function renderLabels(labels: LabelData[], format: LabelFormat = 'a6', captions?: LabelCaptions): Promise<Buffer> {
  const doc = createLabelDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  for (const label of labels) drawLabel(doc, label, format, captions);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
