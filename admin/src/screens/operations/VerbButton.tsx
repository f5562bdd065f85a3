/**
 * One record verb as a button: optional confirmation (destructive verbs), a spinner while it runs, a
 * notice and a refresh of the page's data when it succeeds. Errors reach the global error dialog.
 */
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useDataProvider, useGetRecordRepresentation, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { LockerlineDataProvider } from '../../providers/dataProvider.js';
import { useNoticeText } from '../../components/successNotice.js';
import type { VerbResource, VerbResult } from './operationsClient.js';

export interface VerbButtonProps {
  resource: VerbResource;
  id: number;
  verb: string;
  label: string;
  /** Ask before running (message key), for verbs that cannot be undone. */
  confirm?: string;
  /** Runs instead of the plain POST (e.g. a PDF download); resolves when done. */
  run?: () => Promise<unknown>;
  body?: Record<string, unknown>;
  icon?: ReactNode;
  variant?: 'text' | 'outlined' | 'contained';
  color?: 'primary' | 'error' | 'warning';
  onDone?: (result: VerbResult | unknown) => void;
  /** The notice on success (translated), saying what happened; default `notices.<resource>.<verb>` naming the record. */
  success?: string;
}

export function VerbButton({ resource, id, verb, label, confirm, run, body, icon, variant = 'outlined', color = 'primary', onDone, success }: VerbButtonProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<LockerlineDataProvider>();
  const record = useRecordContext();
  const represent = useGetRecordRepresentation(resource);
  const noticeText = useNoticeText(resource);
  const [asking, setAsking] = useState(false);
  const titleId = useId();
  const mutation = useMutation({
    mutationFn: (): Promise<unknown> => (run ? run() : dataProvider.act(resource, id, verb, body)),
    onSuccess: (result) => {
      const pending = (result as VerbResult | undefined)?.meta?.pending ? (result as VerbResult).meta?.message : undefined;
      const done = success ?? noticeText(verb, String(record ? represent(record) : `#${id}`));
      notify(pending ?? done, { type: pending ? 'info' : 'success' });
      onDone?.(result);
    },
    // A refusal is shown by the error dialog. Refresh also after a failure: a two-step run (register, then print) may have done its first step.
    onSettled: () => refresh(),
  });
  const busy = mutation.isPending;
  // A double click fires twice before React disables the button: without this a draft was registered by the first
  // click and refused ("Not in a registrable status") by the second.
  const started = useRef(false);

  const execute = () => {
    setAsking(false);
    if (started.current) return;
    started.current = true;
    mutation.mutate(undefined, { onSettled: () => void (started.current = false) });
  };

  return (
    <>
      <Button
        size="small"
        variant={variant}
        color={color}
        startIcon={busy ? <CircularProgress size={16} aria-hidden /> : icon}
        disabled={busy}
        aria-busy={busy}
        onClick={() => (confirm ? setAsking(true) : execute())}
        data-verb={verb}
      >
        {translate(label)}
      </Button>
      {confirm && (
        <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby={titleId}>
          <DialogTitle id={titleId}>{translate(label)}</DialogTitle>
          <DialogContent>
            <DialogContentText>{translate(confirm)}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setAsking(false)}>{translate('operations.dismiss')}</Button>
            <Button variant="contained" color={color === 'primary' ? 'primary' : color} onClick={() => execute()}>
              {translate('operations.confirm')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
