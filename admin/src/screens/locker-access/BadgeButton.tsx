/** User page (superadmin, support): a driver's kiosk badge code, created (shown once) or revoked here. */
import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import { mayHoldBadge } from '../../../../core/policies/locker-access.policy.js';
import { can } from '../../../../core/policies/route.permissions.js';
import { useActor } from '../../components/useActor.js';
import { useApiGet } from '../../pages/useApi.js';
import { api } from '../../providers/http.js';
import { ShownOnceDialog } from './ShownOnceDialog.js';

function BadgeDialog({ userId, onClose }: { userId: number; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { data, reload } = useApiGet<{ data: { created_at: string | null } }>(`users/${userId}/badge`);
  const revoke = async () => {
    try {
      await api(`users/${userId}/badge`, { method: 'DELETE' });
      notify(translate('lockers_admin.badge.revoked'), { type: 'success' });
      reload();
    } catch {
      /* shown by the error dialog */
    }
  };
  return (
    <ShownOnceDialog
      open
      onClose={onClose}
      title={translate('lockers_admin.badge.title')}
      intro={translate('lockers_admin.badge.intro')}
      since={data ? data.data.created_at : undefined}
      sinceKey="lockers_admin.badge.since"
      noneKey="lockers_admin.badge.none"
      createLabel={translate('lockers_admin.badge.create')}
      shownOnceKey="lockers_admin.badge.shown_once"
      testId="badge-code"
      extra={data?.data.created_at ? <Button color="error" onClick={() => void revoke()}>{translate('lockers_admin.badge.revoke')}</Button> : null}
      create={async () => {
        const res = await api<{ data: { badge: string } }>(`users/${userId}/badge`, { method: 'POST' });
        reload();
        return res.data.badge;
      }}
    />
  );
}

export function BadgeButton() {
  const record = useRecordContext();
  const actor = useActor();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!record || !can(actor, 'lockers.badges') || !mayHoldBadge({ role: Number(record.role), active: record.active as number })) return null;
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)}>{translate('lockers_admin.badge.button')}</Button>
      {open && <BadgeDialog userId={Number(record.id)} onClose={() => setOpen(false)} />}
    </>
  );
}
