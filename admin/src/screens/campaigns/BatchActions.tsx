import { Button } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import PauseIcon from '@mui/icons-material/Pause';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { useTranslate } from 'react-admin';
import { useCampaignOperations, type BatchVerb } from './campaignApi.js';
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
  if (!record) return null;

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
          <Button key={verb} size="small" startIcon={ICONS[verb]} onClick={() => run(verb)} disabled={busy}>
            {translate(`campaigns.actions.${verb}`)}
          </Button>
        ))}
      {actions.includes('convert-responded') && (
        <Button size="small" startIcon={<LocalShippingIcon />} onClick={convertAll} disabled={busy}>
          {translate('campaigns.actions.convert_responded')}
        </Button>
      )}
    </>
  );
}
