/** Location page (superadmin, support): the terminal's secret, rotated here and shown once (docs/lockers.md). */
import { Button } from '@mui/material';
import { useState } from 'react';
import { useRecordContext } from 'react-admin';
import { can } from '../../../../core/policies/route.permissions.js';
import { useActor } from '../../components/useActor.js';
import { ShownOnceDialog } from './ShownOnceDialog.js';
import { useLockerTexts } from './useLockerTexts.js';

export function TerminalSecretButton() {
  const record = useRecordContext();
  const actor = useActor();
  const tl = useLockerTexts();
  const [open, setOpen] = useState(false);
  if (!record?.terminal || !can(actor, 'lockers.terminal-secret')) return null;
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)}>{tl('lockers_admin.terminal_secret.button')}</Button>
      {open && (
        <ShownOnceDialog onClose={() => setOpen(false)} resource="locations" id={record.id} part="terminal-secret" field="secret" prefix="lockers_admin.terminal_secret" testId="terminal-secret" />
      )}
    </>
  );
}
