/** Calls of the campaign verbs and the bulk eligibility check (docs/campaigns.md). */
import type { AudienceResponse, CanResponse, ConvertResult } from '../../../../core/contract/index.js';
import { api } from '../../providers/http.js';

export type BatchVerb = 'start' | 'pause';
export type ItemVerb = 'notify' | 'restart' | 'convert';

/** Refusals the screens explain themselves (coded domain errors): not shown in the global dialog. */
export const EXPECTED_REFUSALS = [400, 403, 404, 409, 410, 422];

/** GET /api/user/can/:action/batch_item (core/contract CanResponse). */
export type Eligibility = CanResponse;
export type { ConvertResult };

export const runBatchVerb = (id: number | string, verb: BatchVerb) => api(`batches/${id}/${verb}`, { method: 'POST' });

export const runItemVerb = (id: number | string, verb: ItemVerb, quiet = false) =>
  api<{ data: unknown; shipment_id?: number }>(`batch_items/${id}/${verb}`, { method: 'POST', suppress: quiet ? EXPECTED_REFUSALS : undefined });

export async function convertResponded(batchId: number | string, ids?: number[]): Promise<ConvertResult> {
  const res = await api<{ data: ConvertResult }>(`batches/${batchId}/convert-responded`, { method: 'POST', body: ids ? { ids } : {} });
  return res.data;
}

/** GET /api/user/can/:action/batch_item?ids[..]: which of the ids allow the action, and why not the others. */
export async function checkEligibility(action: string, ids: (number | string)[]): Promise<Eligibility> {
  const res = await api<Eligibility | { data: Eligibility }>(`user/can/${action}/batch_item`, { query: { ids: ids.map(Number) } });
  return 'data' in res ? res.data : res;
}

/** The i18n key of a refusal code (`batch_item.not_responded` -> `errors.batch_item.not_responded`). */
export const reasonKey = (code: string) => `errors.${code}`;

export type AudienceVerb = 'start' | 'notify';

/**
 * How many customers `verb` would message (GET /api/batches/:id/audience, issue 10): the whole batch for
 * start, the given items for notify. Items of several batches are counted per batch and added up.
 */
export async function audienceCount(verb: AudienceVerb, byBatch: Map<number, number[] | undefined>): Promise<number> {
  let total = 0;
  for (const [batchId, ids] of byBatch) {
    const res = await api<AudienceResponse>(`batches/${batchId}/audience`, { query: { verb, ...(ids ? { ids } : {}) } });
    total += res.data.customers;
  }
  return total;
}
