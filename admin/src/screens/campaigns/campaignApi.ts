/**
 * The campaign verbs and the bulk eligibility check (docs/campaigns.md) as dataProvider methods
 * (providers/dataProvider.ts: act, can) that the campaign screens reach through react-admin's
 * useDataProvider (`useCampaignOperations`): one HTTP client, one CSRF/419 and error policy, and a lapsed
 * session signs the user out.
 */
import { useMemo } from 'react';
import { useDataProvider, type Identifier } from 'react-admin';
import type { CanResult, LockerlineDataProvider } from '../../providers/dataProvider.js';
import type { AudienceResponse, ConvertResult } from '../../../../core/contract/index.js';
import { api } from '../../providers/http.js';

export type BatchVerb = 'start' | 'pause';
export type ItemVerb = 'notify' | 'restart' | 'convert';

/** Refusals the screens explain themselves (coded domain errors): not shown in the global dialog. */
export const EXPECTED_REFUSALS = [400, 403, 404, 409, 410, 422];

/** One definition: the dataProvider's `can` answer. */
export type Eligibility = CanResult;
export type { ConvertResult };

/** POST /api/batches/:id/start|pause; a refusal shows in the global error dialog. */
export const runBatchVerb = (dp: LockerlineDataProvider, id: Identifier, verb: BatchVerb) => dp.act('batches', id, verb);

/** POST /api/batch_items/:id/notify|restart|convert; `quiet`: a bulk run counts the refusal instead of showing it. */
export const runItemVerb = (dp: LockerlineDataProvider, id: Identifier, verb: ItemVerb, quiet = false) =>
  dp.act('batch_items', id, verb, {}, quiet ? { quiet: EXPECTED_REFUSALS } : {});

/** POST /api/batches/:id/convert-responded: all responded items, or only `ids`. */
export async function convertResponded(dp: LockerlineDataProvider, batchId: Identifier, ids?: number[]): Promise<ConvertResult> {
  const res = await dp.act('batches', batchId, 'convert-responded', ids ? { ids } : {});
  const result = res?.data as unknown as ConvertResult | undefined;
  // A lapsed session resolves empty (useDataProvider signs the user out): nothing was converted.
  return { converted: result?.converted ?? [], cannot: result?.cannot ?? [], reasons: result?.reasons ?? {}, allOk: result?.allOk ?? false };
}

/** GET /api/user/can/:action/batch_item?ids[..]: which of the ids allow the action, and why not the others. */
export async function checkEligibility(dp: LockerlineDataProvider, action: string, ids: Identifier[]): Promise<Eligibility> {
  const res = (await dp.can('batch_items', action, ids.map(Number))) as Eligibility | { data: Eligibility };
  return 'data' in res ? res.data : res;
}

/** The i18n key of a refusal code (`batch_item.not_responded` -> `errors.batch_item.not_responded`). */
export const reasonKey = (code: string) => `errors.${code}`;

export type AudienceVerb = 'start' | 'notify';

export interface Audience {
  customers: number;
  /** The largest SMS the verb would send next (null: none by SMS). */
  sms: AudienceResponse['data']['sms'];
}

/**
 * How many customers `verb` would message (GET /api/batches/:id/audience, issue 10): the whole batch for
 * start, the given items for notify. Items of several batches are counted per batch and added up; of their
 * SMS, the largest is kept.
 */
export async function audienceOf(verb: AudienceVerb, byBatch: Map<number, number[] | undefined>): Promise<Audience> {
  const total: Audience = { customers: 0, sms: null };
  for (const [batchId, ids] of byBatch) {
    const { data } = await api<AudienceResponse>(`batches/${batchId}/audience`, { query: { verb, ...(ids ? { ids } : {}) } });
    total.customers += data.customers;
    if (data.sms && (!total.sms || data.sms.segments > total.sms.segments)) total.sms = data.sms;
  }
  return total;
}

export interface CampaignOperations {
  runBatchVerb: (id: Identifier, verb: BatchVerb) => ReturnType<typeof runBatchVerb>;
  runItemVerb: (id: Identifier, verb: ItemVerb, quiet?: boolean) => ReturnType<typeof runItemVerb>;
  convertResponded: (batchId: Identifier, ids?: number[]) => Promise<ConvertResult>;
  checkEligibility: (action: string, ids: Identifier[]) => Promise<Eligibility>;
}

/** The calls above on the screen's react-admin dataProvider. */
export function useCampaignOperations(): CampaignOperations {
  const dp = useDataProvider<LockerlineDataProvider>();
  return useMemo(
    () => ({
      runBatchVerb: (id, verb) => runBatchVerb(dp, id, verb),
      runItemVerb: (id, verb, quiet) => runItemVerb(dp, id, verb, quiet),
      convertResponded: (batchId, ids) => convertResponded(dp, batchId, ids),
      checkEligibility: (action, ids) => checkEligibility(dp, action, ids),
    }),
    [dp],
  );
}
