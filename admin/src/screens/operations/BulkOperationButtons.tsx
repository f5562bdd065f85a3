/**
 * Bulk verbs for the selected rows of a list. Each asks GET /api/user/can first; when only some rows
 * qualify it lists the others with their reasons and offers to continue with the rest; a destructive verb
 * (cancel, ...) always asks before it runs. Then a progress dialog runs them (shipment bulk print: one
 * POST, one PDF, with the shipments that could not be printed listed inside the dialog). The checks and the
 * verbs are the dataProvider's `can` and `act` (providers/dataProvider.ts), through useDataProvider.
 */
import { outcomeCounts } from '../../../../core/i18n/outcome-counts.js';
import {
  Alert, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, LinearProgress, List, ListItem, ListItemText,
} from '@mui/material';
import { useId, useState } from 'react';
import { Button, useDataProvider, useListContext, useRefresh, useTranslate } from 'react-admin';
import { HttpError } from 'react-admin';
import type { LockerlineDataProvider } from '../../providers/dataProvider.js';
import { bulkPrint, type CanResult, type VerbResource } from './operationsClient.js';
import { isDestructive, verbLabel } from './verbs.js';
import { useNoticeText } from '../../components/successNotice.js';

interface Refusal {
  id: number;
  name: string;
  reason: string;
}

interface Progress {
  verb: string;
  /** The rows it runs on (to name the one that succeeded: "Shipment LL123 cancelled."). */
  ids?: number[];
  total: number;
  done: number;
  failures: Refusal[];
  finished: boolean;
  file?: string | null;
  error?: string;
}

export interface BulkOperationButtonsProps {
  resource: VerbResource;
  verbs: string[];
  /** How a row is named in refusal lists (e.g. its reference). */
  nameField?: string;
}

export function BulkOperationButtons({ resource, verbs, nameField = 'reference_id' }: BulkOperationButtonsProps) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<LockerlineDataProvider>();
  const noticeText = useNoticeText(resource);
  const { selectedIds = [], data = [], onUnselectItems } = useListContext();
  const [verdict, setVerdict] = useState<{ verb: string; can: CanResult } | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [checking, setChecking] = useState<string | null>(null);
  const partialId = useId();
  const progressId = useId();

  const nameOf = (id: number) => {
    const row = data.find((r) => Number(r.id) === id);
    return row?.[nameField] ? String(row[nameField]) : `#${id}`;
  };
  const reasonText = (code: string) => translate(`errors.${code}`, { _: code });

  const execute = async (verb: string, ids: number[]) => {
    setVerdict(null);
    setProgress({ verb, total: ids.length, done: 0, failures: [], finished: false });
    if (verb === 'print' && resource === 'shipments') {
      try {
        const outcome = await bulkPrint(ids);
        const failures = outcome.failures.map((f) => ({ id: f.id, name: f.reference_id ?? nameOf(f.id), reason: reasonText(f.code) }));
        setProgress({
          verb, total: ids.length, done: ids.length - outcome.failedCount, failures, finished: true, file: outcome.file, error: outcome.error?.message,
        });
      } catch {
        setProgress((p) => p && { ...p, finished: true });
      }
    } else {
      const failures: Refusal[] = [];
      for (const [index, id] of ids.entries()) {
        try {
          await dataProvider.act(resource, id, verb, {}, { quiet: true });
        } catch (error) {
          const body = error instanceof HttpError ? (error.body as { code?: string; message?: string }) : {};
          failures.push({ id, name: nameOf(id), reason: body?.message ?? (body?.code ? reasonText(body.code) : String((error as Error).message)) });
        }
        setProgress({ verb, ids, total: ids.length, done: index + 1 - failures.length, failures: [...failures], finished: index + 1 === ids.length });
      }
    }
    refresh();
  };

  const start = async (verb: string) => {
    const ids = selectedIds.map(Number);
    setChecking(verb);
    try {
      const can = await dataProvider.can(resource, verb, ids);
      if (can.allOk && !isDestructive(verb)) await execute(verb, can.can);
      else setVerdict({ verb, can });
    } catch {
      /* shown by the error dialog */
    } finally {
      setChecking(null);
    }
  };

  /** What a finished run did, in words: "3 packages cancelled. 1 refused." (print keeps its counts and the file). */
  const outcome = (p: Progress): string => {
    if (p.verb === 'print' && resource === 'shipments') return translate('operations.bulk.summary', outcomeCounts(translate, p.done, p.total - p.done));
    const succeeded = (p.ids ?? []).filter((id) => !p.failures.some((f) => f.id === id));
    const done = p.done > 0 ? noticeText(p.verb, succeeded.length === 1 ? nameOf(succeeded[0]!) : '', p.done) : '';
    const refused = p.failures.length > 0 ? `${translate('operations.counts.refused', { smart_count: p.failures.length })}.` : '';
    return [done, refused].filter(Boolean).join(' ');
  };

  const close = () => {
    if (progress?.finished && progress.failures.length === 0) onUnselectItems?.();
    setProgress(null);
  };

  return (
    <>
      {verbs.map((verb) => (
        <Button key={verb} label={verbLabel(verb)} disabled={checking !== null || selectedIds.length === 0} onClick={() => void start(verb)} data-verb={verb} />
      ))}
      {verdict && (
        <Dialog open onClose={() => setVerdict(null)} fullWidth aria-labelledby={partialId}>
          <DialogTitle id={partialId}>
            {verdict.can.allOk ? translate(verbLabel(verdict.verb)) : translate('operations.bulk.partial_title', { action: translate(verbLabel(verdict.verb)) })}
          </DialogTitle>
          <DialogContent>
            {!verdict.can.allOk && (
              <>
                <DialogContentText>
                  {translate('operations.bulk.partial', { can: verdict.can.can.length, total: verdict.can.can.length + verdict.can.cannot.length })}
                </DialogContentText>
                <List dense>
                  {verdict.can.cannot.map((id) => (
                    <ListItem key={id} disableGutters>
                      <ListItemText primary={nameOf(id)} secondary={reasonText(verdict.can.reasons[String(id)] ?? 'forbidden')} />
                    </ListItem>
                  ))}
                </List>
              </>
            )}
            {isDestructive(verdict.verb) && verdict.can.can.length > 0 && (
              <DialogContentText>{translate('operations.bulk.confirm', { action: translate(verbLabel(verdict.verb)), smart_count: verdict.can.can.length })}</DialogContentText>
            )}
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setVerdict(null)}>{translate('operations.dismiss')}</MuiButton>
            <MuiButton
              variant="contained"
              color={isDestructive(verdict.verb) ? 'error' : 'primary'}
              disabled={verdict.can.can.length === 0}
              onClick={() => void execute(verdict.verb, verdict.can.can)}
            >
              {translate('operations.bulk.continue', { smart_count: verdict.can.can.length })}
            </MuiButton>
          </DialogActions>
        </Dialog>
      )}
      {progress && (
        <Dialog open onClose={progress.finished ? close : undefined} fullWidth aria-labelledby={progressId} data-testid="bulk-progress">
          <DialogTitle id={progressId}>{translate(verbLabel(progress.verb))}</DialogTitle>
          <DialogContent>
            <LinearProgress
              variant={progress.finished || progress.verb !== 'print' ? 'determinate' : 'indeterminate'}
              value={progress.total ? ((progress.done + progress.failures.length) / progress.total) * 100 : 100}
              aria-label={translate('operations.bulk.progress')}
              sx={{ my: 1 }}
            />
            <DialogContentText role="status">
              {progress.finished
                ? outcome(progress)
                : translate('operations.bulk.running', { done: progress.done + progress.failures.length, total: progress.total })}
            </DialogContentText>
            {progress.file && <Alert severity="success" sx={{ mt: 1 }}>{translate('operations.bulk.downloaded', { file: progress.file })}</Alert>}
            {progress.error && <Alert severity="error" sx={{ mt: 1 }}>{progress.error}</Alert>}
            {progress.failures.length > 0 && (
              <>
                <Alert severity="warning" sx={{ mt: 1 }}>{translate('operations.bulk.failed_title')}</Alert>
                <List dense aria-label={translate('operations.bulk.failed_title')}>
                  {progress.failures.map((f) => (
                    <ListItem key={f.id} disableGutters>
                      <ListItemText primary={f.name} secondary={f.reason} />
                    </ListItem>
                  ))}
                </List>
              </>
            )}
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={close} disabled={!progress.finished}>{translate('operations.close')}</MuiButton>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
