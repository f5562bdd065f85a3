/**
 * Bulk notify / convert for the selected batch items: asks GET /api/user/can/:action/batch_item first;
 * when only some items are eligible it lists the others with their reasons and offers to continue
 * with the rest. Then runs the verb and reports how many succeeded.
 */
import { useState, type ReactElement } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, List, ListItem, ListItemText } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { useListContext, useNotify, useRefresh, useTranslate, useUnselectAll, type RaRecord } from 'react-admin';
import { useBusy } from '../shared/useBusy.js';
import { SmsPartsLine, useAudienceConfirm } from './AudienceConfirm.js';
import { audienceOf, reasonKey, useCampaignOperations, type Audience, type CampaignOperations, type Eligibility } from './campaignApi.js';

type BulkAction = 'notify' | 'convert';

const ICONS: Record<BulkAction, ReactElement> = { notify: <SendIcon />, convert: <LocalShippingIcon /> };

/** Runs the verb on the eligible ids; returns how many succeeded. */
async function runBulk(ops: CampaignOperations, action: BulkAction, ids: number[], records: RaRecord[]): Promise<number> {
  if (action === 'convert') {
    // One convert-responded call per batch (the list is normally one batch's items).
    const byBatch = new Map<number, number[]>();
    for (const id of ids) {
      const batchId = Number(records.find((r) => Number(r.id) === id)?.batch_id);
      if (!byBatch.has(batchId)) byBatch.set(batchId, []);
      byBatch.get(batchId)!.push(id);
    }
    let done = 0;
    for (const [batchId, batchIds] of byBatch) done += (await ops.convertResponded(batchId, batchIds)).converted.length;
    return done;
  }
  let done = 0;
  for (const id of ids) {
    try {
      await ops.runItemVerb(id, action, true);
      done++;
    } catch {
      /* counted as not done */
    }
  }
  return done;
}

export function BulkCampaignButton({ action }: { action: BulkAction }) {
  const { selectedIds, data = [], resource } = useListContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(resource ?? 'batch_items');
  const [busy, whileBusy] = useBusy();
  const ops = useCampaignOperations();
  const [partial, setPartial] = useState<Eligibility | null>(null);
  /** Notify: how many customers the eligible items would message (named in the dialogs, issue 10). */
  const [reach, setReach] = useState<Audience | null>(null);
  const audience = useAudienceConfirm();

  /** The eligible ids by batch (the list is normally one batch's items). */
  const byBatch = (ids: number[]) => {
    const map = new Map<number, number[]>();
    for (const id of ids) {
      const batchId = Number(data.find((r) => Number(r.id) === id)?.batch_id);
      map.set(batchId, [...(map.get(batchId) ?? []), id]);
    }
    return map;
  };

  const nameOf = (id: number) => {
    const r = data.find((row) => Number(row.id) === id);
    return r ? [r.first_name, r.last_name].filter(Boolean).join(' ') || `#${id}` : `#${id}`;
  };

  const execute = (ids: number[]) => {
    setPartial(null);
    return whileBusy(async () => {
      const done = await runBulk(ops, action, ids, data);
      notify(`campaigns.bulk.result_${action}`, { type: done === ids.length ? 'info' : 'warning', messageArgs: { smart_count: done, total: ids.length } });
      unselectAll();
      refresh();
    });
  };

  const start = () =>
    whileBusy(async () => {
      const verdict = await ops.checkEligibility(action, selectedIds);
      if (action === 'notify' && verdict.allOk) return audience.ask('notify', byBatch(verdict.can), () => execute(verdict.can));
      if (verdict.allOk) return execute(verdict.can);
      setReach(action === 'notify' && verdict.can.length ? await audienceOf('notify', byBatch(verdict.can)) : null);
      setPartial(verdict);
    });

  return (
    <>
      <Button size="small" startIcon={ICONS[action]} onClick={start} disabled={busy || !selectedIds.length}>
        {translate(`campaigns.actions.bulk_${action}`)}
      </Button>
      <Dialog open={partial !== null} onClose={() => setPartial(null)} aria-labelledby={`bulk-${action}-title`}>
        {partial && (
          <>
            <DialogTitle id={`bulk-${action}-title`}>{translate('campaigns.bulk.partial_title')}</DialogTitle>
            <DialogContent>
              <DialogContentText>
                {partial.can.length
                  ? translate('campaigns.bulk.partial_body', { can: partial.can.length, total: partial.can.length + partial.cannot.length })
                  : translate('campaigns.bulk.none_eligible')}
              </DialogContentText>
              {reach !== null && (
                <DialogContentText sx={{ mt: 1 }}>
                  <span data-testid="audience-count" data-count={reach.customers}>
                    {translate('campaigns.audience.notify', { smart_count: reach.customers })}
                  </span>
                  <SmsPartsLine sms={reach.sms} />
                </DialogContentText>
              )}
              <List dense data-testid="bulk-ineligible">
                {partial.cannot.map((id) => (
                  <ListItem key={id} disableGutters>
                    <ListItemText primary={nameOf(id)} secondary={translate(reasonKey(partial.reasons[String(id)] ?? 'forbidden'), { _: partial.reasons[String(id)] })} />
                  </ListItem>
                ))}
              </List>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setPartial(null)}>{translate('ra.action.cancel')}</Button>
              {partial.can.length > 0 && (
                <Button variant="contained" onClick={() => execute(partial.can)} disabled={busy}>
                  {translate('campaigns.bulk.continue', { smart_count: partial.can.length })}
                </Button>
              )}
            </DialogActions>
          </>
        )}
      </Dialog>
      {audience.dialog}
    </>
  );
}

export const BulkNotifyButton = () => <BulkCampaignButton action="notify" />;
export const BulkConvertButton = () => <BulkCampaignButton action="convert" />;
