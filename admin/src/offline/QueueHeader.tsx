/**
 * The role screens' connection line: online or offline, and how many scans wait on this device to be sent. Until the
 * device's queue has been read (right after a load) it says so, and claims no count.
 */
import CloudDoneIcon from '@mui/icons-material/CloudDone';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useQueueStatus } from './useScanQueue.js';

export function QueueHeader() {
  const translate = useTranslate();
  const { online, read, queued } = useQueueStatus();
  const count = !read
    ? translate('screens.ops.offline.reading_queue')
    : queued > 0
      ? translate('screens.ops.offline.queued', { smart_count: queued })
      : translate('screens.ops.offline.all_sent');
  return (
    <div role="status" aria-busy={!read} data-testid="connection-status" data-online={online} data-queued={read ? queued : undefined}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip
          size="small"
          color={online ? 'success' : 'warning'}
          icon={online ? <CloudDoneIcon /> : <CloudOffIcon />}
          label={translate(online ? 'screens.ops.offline.online' : 'screens.ops.offline.offline')}
        />
        <Typography variant="body2" data-testid="queued-count">
          {count}
        </Typography>
      </Stack>
      {!online && (
        <Typography variant="body2" color="text.secondary">
          {translate('screens.ops.offline.offline_hint')}
        </Typography>
      )}
    </div>
  );
}
