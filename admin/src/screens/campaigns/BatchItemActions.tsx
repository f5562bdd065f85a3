import type { ReactElement } from 'react';
import { Button } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import ReplayIcon from '@mui/icons-material/Replay';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { useTranslate } from 'react-admin';
import { useCampaignOperations, type ItemVerb } from './campaignApi.js';
import { useRecordVerbs } from './useRecordVerbs.js';

const VERBS: { verb: ItemVerb; icon: ReactElement }[] = [
  { verb: 'notify', icon: <SendIcon /> },
  { verb: 'restart', icon: <ReplayIcon /> },
  { verb: 'convert', icon: <LocalShippingIcon /> },
];

/** Notify / restart / convert for the batch item in context, as its `_actions` allow. */
export function BatchItemActions() {
  const translate = useTranslate();
  const { runItemVerb } = useCampaignOperations();
  const { record, actions, busy, run } = useRecordVerbs<ItemVerb>((id, verb) => runItemVerb(id, verb));
  if (!record) return null;

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
