/** Location page (superadmin, support): the terminal's secret, rotated here and shown once (docs/lockers.md). */
import { Button } from '@mui/material';
import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { can } from '../../../../core/policies/route.permissions.js';
import { useActor } from '../../components/useActor.js';
import { useApiGet } from '../../pages/useApi.js';
import { api } from '../../providers/http.js';
import { ShownOnceDialog } from './ShownOnceDialog.js';

function TerminalSecretDialog({ locationId, onClose }: { locationId: number; onClose: () => void }) {
  const translate = useTranslate();
  const { data, reload } = useApiGet<{ data: { created_at: string | null } }>(`locations/${locationId}/terminal-secret`);
  return (
    <ShownOnceDialog
      open
      onClose={onClose}
      title={translate('lockers_admin.terminal_secret.title')}
      intro={translate('lockers_admin.terminal_secret.intro')}
      since={data ? data.data.created_at : undefined}
      sinceKey="lockers_admin.terminal_secret.since"
      noneKey="lockers_admin.terminal_secret.none"
      createLabel={translate('lockers_admin.terminal_secret.rotate')}
      shownOnceKey="lockers_admin.terminal_secret.shown_once"
      testId="terminal-secret"
      create={async () => {
        const res = await api<{ data: { secret: string } }>(`locations/${locationId}/terminal-secret`, { method: 'POST' });
        reload();
        return res.data.secret;
      }}
    />
  );
}

export function TerminalSecretButton() {
  const record = useRecordContext();
  const actor = useActor();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!record?.terminal || !can(actor, 'lockers.terminal-secret')) return null;
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)}>{translate('lockers_admin.terminal_secret.button')}</Button>
      {open && <TerminalSecretDialog locationId={Number(record.id)} onClose={() => setOpen(false)} />}
    </>
  );
}
