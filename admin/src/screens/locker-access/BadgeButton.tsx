/** User page (superadmin, support): a driver's kiosk badge code, created (shown once) or revoked here. */
import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRecordContext } from 'react-admin';
import { mayHoldBadge } from '../../../../core/policies/locker-access.policy.js';
import { can } from '../../../../core/policies/route.permissions.js';
import { useActor } from '../../components/useActor.js';
import { api } from '../../providers/http.js';
import { ShownOnceDialog } from './ShownOnceDialog.js';
import { useLockerTexts } from './useLockerTexts.js';

function RevokeButton({ path, reload }: { path: string; reload: () => void }) {
  const tl = useLockerTexts();
  const notify = useNotify();
  const revoke = async () => {
    try {
      await api(path, { method: 'DELETE' });
      notify(tl('lockers_admin.badge.revoked'), { type: 'success' });
      reload();
    } catch {
      /* shown by the error dialog */
    }
  };
  return <Button color="error" onClick={() => void revoke()}>{tl('lockers_admin.badge.revoke')}</Button>;
}

export function BadgeButton() {
  const record = useRecordContext();
  const actor = useActor();
  const tl = useLockerTexts();
  const [open, setOpen] = useState(false);
  if (!record || !can(actor, 'lockers.badges') || !mayHoldBadge({ role: Number(record.role), active: record.active as number })) return null;
  const path = `users/${record.id}/badge`;
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)}>{tl('lockers_admin.badge.button')}</Button>
      {open && (
        <ShownOnceDialog onClose={() => setOpen(false)} path={path} field="badge" prefix="lockers_admin.badge" testId="badge-code"
          extra={(since, reload) => (since ? <RevokeButton path={path} reload={reload} /> : null)} />
      )}
    </>
  );
}
