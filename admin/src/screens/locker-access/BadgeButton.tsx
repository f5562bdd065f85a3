/** User page (superadmin, support): a driver's kiosk badge code, created (shown once) or revoked here. */
import { Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, type Identifier } from 'react-admin';
import { mayHoldBadge } from '../../../../core/policies/locker-access.policy.js';
import { can } from '../../../../core/policies/route.permissions.js';
import { useActor } from '../../components/useActor.js';
import type { LockerlineDataProvider } from '../../providers/dataProvider.js';
import { ShownOnceDialog } from './ShownOnceDialog.js';
import { useLockerTexts } from './useLockerTexts.js';

function RevokeButton({ userId, reload }: { userId: Identifier; reload: () => void }) {
  const tl = useLockerTexts();
  const dataProvider = useDataProvider<LockerlineDataProvider>();
  const notify = useNotify();
  const revoke = async () => {
    try {
      await dataProvider.removePart('users', userId, 'badge');
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
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)}>{tl('lockers_admin.badge.button')}</Button>
      {open && (
        <ShownOnceDialog onClose={() => setOpen(false)} resource="users" id={record.id} part="badge" field="badge" prefix="lockers_admin.badge" testId="badge-code"
          extra={(since, reload) => (since ? <RevokeButton userId={record.id} reload={reload} /> : null)} />
      )}
    </>
  );
}
