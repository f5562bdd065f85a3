/**
 * Bulk print: every shipment is printed (registered first when a draft) in its own transaction; the
 * ones that fail are reported, the rest print. The PDF is streamed page by page with backpressure, so
 * 1,000 labels hold flat memory: failures are known before the first byte (header X-Print-Failures,
 * JSON, at most 50 entries, X-Print-Failed-Count, and a first page listing them); label data is read
 * per shipment while pages are written.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, isDomainError } from '../../../core/errors.js';
import type { Shipment } from '../../db/tables.js';
import { createLabelDocument, drawLabel, labelCaptions, type LabelFormat } from '../../labels/label.js';
import { LABEL_FONT, LABEL_FONT_BOLD } from '../../labels/fonts.js';
import { shipmentLabels } from '../../labels/label-data.js';
import { loadVisible } from '../records.js';
import { RESOURCE_MODULES } from '../index.js';
import type { OpContext } from '../shared/op-context.js';
import { printShipment } from './shipment-actions.service.js';

export interface PrintFailure {
  id: number;
  reference_id: string | null;
  code: string;
  /** Why it did not print, in the user's language ("Not ready to print"); the reference is not repeated in it. */
  reason: string;
}

/** How a failure names its shipment: the tracking reference, or `#id` for an id the actor cannot see. */
const failureRef = (f: PrintFailure): string => f.reference_id ?? `#${f.id}`;

const HIGH_WATER = 1 << 20;

/** Waits while the client has not yet taken what was written (backpressure). */
async function waitForRoom(doc: PDFKit.PDFDocument): Promise<void> {
  while (doc.readableLength > HIGH_WATER && !doc.destroyed) await new Promise((resolve) => setTimeout(resolve, 2));
}

export async function printMany(ctx: OpContext, request: FastifyRequest, ids: number[]): Promise<{ printed: Shipment[]; failures: PrintFailure[] }> {
  const visible = new Map((await loadVisible(ctx.db, RESOURCE_MODULES.shipments, ctx.actor!, ids)).map((r) => [r.id as number, r as Shipment]));
  const printed: Shipment[] = [];
  const failures: PrintFailure[] = [];
  for (const id of ids) {
    const shipment = visible.get(id);
    if (!shipment) {
      failures.push({ id, reference_id: null, code: 'not_found', reason: request.t('errors.not_found') });
      continue;
    }
    try {
      printed.push(await printShipment({ ...ctx, now: request.server.clock.now() }, shipment));
    } catch (error) {
      if (!isDomainError(error)) throw error;
      failures.push({ id, reference_id: shipment.reference_id, code: error.code, reason: request.t(`errors.${error.code}`, error.params) });
    }
  }
  return { printed, failures };
}

export async function streamBulkPrint(ctx: OpContext, request: FastifyRequest, reply: FastifyReply, ids: number[], format: LabelFormat) {
  const { printed, failures } = await printMany(ctx, request, ids);
  if (!printed.length) {
    const first = failures[0]!;
    throw new DomainError('shipment.print_failed', undefined, { params: { ref: failureRef(first), message: first.reason } });
  }
  const captions = labelCaptions(request.t);
  const doc = createLabelDocument();
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', 'attachment; filename="labels.pdf"')
    .header('x-print-failed-count', String(failures.length))
    .header('x-print-failures', JSON.stringify(failures.slice(0, 50).map(({ id, reference_id, code }) => ({ id, reference_id, code }))));
  if (failures.length) {
    doc.addPage({ size: 'A6', margin: 18 });
    doc.font(LABEL_FONT_BOLD).fontSize(12).text(request.t('labels.failures_title'));
    doc.moveDown(0.5).font(LABEL_FONT).fontSize(8);
    for (const f of failures.slice(0, 200)) doc.text(`${failureRef(f)}: ${f.reason}`);
  }
  void (async () => {
    try {
      for (const shipment of printed) {
        for (const label of await shipmentLabels(ctx.db, shipment.id, undefined, ctx.now)) drawLabel(doc, label, format, captions);
        await waitForRoom(doc);
        if (doc.destroyed) return;
      }
    } catch (error) {
      request.log.error(error);
    }
    doc.end();
  })();
  return reply.send(doc);
}
