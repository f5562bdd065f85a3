import type { ReactElement } from 'react';
import { Button } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import ReplayIcon from '@mui/icons-material/Replay';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { useTranslate } from 'react-admin';
import { useCampaignOperations, type ItemVerb } from './campaignApi.js';
import { useAudienceConfirm } from './AudienceConfirm.js';
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
  const { record, actions, busy, whileBusy, run } = useRecordVerbs<ItemVerb>((id, verb) => runItemVerb(id, verb));
  const audience = useAudienceConfirm();
  if (!record) return null;

  /** Notify names how many customers it messages now (issue 10: 1, or none when unreachable). */
  const click = (verb: ItemVerb) =>
    verb === 'notify' ? whileBusy(() => audience.ask('notify', new Map([[Number(record.batch_id), [Number(record.id)]]]), () => run('notify'))) : run(verb);

  return (
    <>
      {VERBS.filter(({ verb }) => actions.includes(verb)).map(({ verb, icon }) => (
        <Button key={verb} size="small" startIcon={icon} onClick={() => click(verb)} disabled={busy}>
          {translate(`campaigns.actions.${verb}`)}
        </Button>
      ))}
      {audience.dialog}
    </>
  );
}
