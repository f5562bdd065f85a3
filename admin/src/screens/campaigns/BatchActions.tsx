import { Button } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import PauseIcon from '@mui/icons-material/Pause';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { useTranslate } from 'react-admin';
import { useCampaignOperations, type BatchVerb } from './campaignApi.js';
import { useAudienceConfirm } from './AudienceConfirm.js';
import { useRecordVerbs } from './useRecordVerbs.js';

const ICONS = { start: <PlayArrowIcon />, pause: <PauseIcon /> };

/**
 * Start / pause and "convert all responded" for the batch in context, offered only when the record's
 * `_actions` (meta.actions from the API) allow them.
 */
export function BatchActions() {
  const translate = useTranslate();
  const { runBatchVerb, convertResponded } = useCampaignOperations();
  const { record, actions, busy, whileBusy, run, notify, refresh } = useRecordVerbs<BatchVerb>(runBatchVerb);
  const audience = useAudienceConfirm();
  if (!record) return null;

  /** Start names how many customers the campaign will message first (issue 10); pause just runs. */
  const click = (verb: BatchVerb) =>
    verb === 'start' ? whileBusy(() => audience.ask('start', new Map([[Number(record.id), undefined]]), () => run('start'))) : run(verb);

  const convertAll = () =>
    whileBusy(async () => {
      const result = await convertResponded(record.id);
      notify('campaigns.bulk.converted', { type: result.converted.length ? 'info' : 'warning', messageArgs: { smart_count: result.converted.length } });
      refresh();
    });

  return (
    <>
      {(['start', 'pause'] as const)
        .filter((verb) => actions.includes(verb))
        .map((verb) => (
          <Button key={verb} size="small" startIcon={ICONS[verb]} onClick={() => click(verb)} disabled={busy}>
            {translate(`campaigns.actions.${verb}`)}
          </Button>
        ))}
      {actions.includes('convert-responded') && (
        <Button size="small" startIcon={<LocalShippingIcon />} onClick={convertAll} disabled={busy}>
          {translate('campaigns.actions.convert_responded')}
        </Button>
      )}
      {audience.dialog}
    </>
  );
}
