import type { ReactElement } from 'react';
import { Button } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import ReplayIcon from '@mui/icons-material/Replay';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { recordActions } from '../../components/recordActions.js';
import { useBusy } from '../shared/useBusy.js';
import { runItemVerb, type ItemVerb } from './campaignApi.js';

const VERBS: { verb: ItemVerb; icon: ReactElement }[] = [
  { verb: 'notify', icon: <SendIcon /> },
  { verb: 'restart', icon: <ReplayIcon /> },
  { verb: 'convert', icon: <LocalShippingIcon /> },
];

/** Notify / restart / convert for the batch item in context, as its `_actions` allow. */
export function BatchItemActions() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, whileBusy] = useBusy();
  const actions = recordActions(record) ?? [];
  if (!record) return null;

  const run = (verb: ItemVerb) =>
    whileBusy(async () => {
      await runItemVerb(record.id, verb);
      notify(`campaigns.done.${verb}`, { type: 'info' });
      refresh();
    });

  return (
    <>
      {VERBS.filter(({ verb }) => actions.includes(verb)).map(({ verb, icon }) => (
        <Button key={verb} size="small" startIcon={icon} onClick={() => run(verb)} disabled={busy}>
          {translate(`campaigns.actions.${verb}`)}
        </Button>
      ))}
    </>
  );
}
