/**
 * /lockers (drivers and support): pick a locker, list its packages (support: only the expired ones by
 * default, with a switch; a driver: the expiry work it may see there), make one retrievable, or "make all
 * retrievable": confirm how many packages become retrievable, ask the server which qualify, offer to continue
 * with the rest, and say that the locker may take several minutes to open the compartments.
 */
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, List, ListItem, ListItemText, Switch, Typography } from '@mui/material';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { canListAllLockerPackages } from '../../../../core/permissions.js';
import { useCurrentUser } from '../../layout/useCurrentUser.js';
import { isExpiredInLocker } from '../../../../core/policies/packages.policy.js';
import { PACKAGE_STATUS } from '../../../../core/statuses.js';
import { api } from '../../providers/http.js';
import { getLocale } from '../../providers/locale.js';
import { useStatusLabel } from '../../components/StatusField.js';
import { ContinueWithRestDialog } from '../scan/ContinueWithRestDialog.js';
import { LocationPicker, useRememberedLocation, type PickableLocation } from '../scan/LocationPicker.js';
import { INLINE_STATUSES, usePackageOperations, type CanResult, type PackageRecord } from '../shared/operationsApi.js';
import { Notice, ProblemAlert, ScreenFrame } from '../shared/ScreenFrame.js';
import { useScanTask } from '../shared/useScanTask.js';
import { useFocusReturn } from '../shared/useFocusReturn.js';
import { useLiveChanges } from '../../live/useLive.js';

const EXPIRED = PACKAGE_STATUS.expired;

interface PackageList {
  data: PackageRecord[];
  meta: { total: number; actions?: Record<string, string[]> };
}

export function LockersScreen() {
  const translate = useTranslate();
  const statusLabel = useStatusLabel('packages');
  const { busy, problem, setProblem, run } = useScanTask();
  const { canOnPackages, packageVerb } = usePackageOperations();
  const user = useCurrentUser();
  const canFilter = user ? canListAllLockerPackages(user.role) : false;
  const [lockers, setLockers] = useState<PickableLocation[] | undefined>();
  const [lockerId, setLockerId] = useRememberedLocation('lockers', lockers);
  const [expiredOnlySwitch, setExpiredOnly] = useState(true);
  const expiredOnly = canFilter && expiredOnlySwitch;
  const [confirming, setConfirming] = useState(false);
  const confirmTitle = useId();
  const [list, setList] = useState<PackageList | null>(null);
  const [verdict, setVerdict] = useState<CanResult | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  // After "make retrievable" its row's button is gone (or the "all" button disabled): the focus goes to the list's
  // heading (its count just changed), from where the next row is one Tab away. No scan field here to go back to.
  const { anchor: listHeading, returnFocus } = useFocusReturn<HTMLHeadingElement>(confirming || verdict !== null, '[data-testid="locker-packages"]');

  useEffect(() => {
    void run(async () => {
      const res = await api<{ data: PickableLocation[] }>('locations', {
        query: { perPage: 100, sort: 'name', filters: { class: ['locker'] } },
        suppress: INLINE_STATUSES,
      });
      setLockers(res.data);
    });
  }, [run]);

  const load = useCallback(async () => {
    if (lockerId === null) return setList(null);
    const filters: Record<string, unknown[]> = { location_id: [lockerId] };
    if (expiredOnly) filters.status = [EXPIRED];
    setList(await api<PackageList>('packages', { query: { perPage: 100, sort: 'expires_at', filters }, suppress: INLINE_STATUSES }));
  }, [lockerId, expiredOnly]);

  useEffect(() => {
    void run(load);
  }, [run, load]);

  // Packages changed elsewhere (deposited, collected, made retrievable): the list again, quietly, unless busy.
  useLiveChanges(['packages'], () => {
    if (!busy) void load().catch(() => undefined);
  });

  const rows = list?.data ?? [];
  const canExpire = (p: PackageRecord) => (list?.meta.actions?.[String(p.id)] ?? []).includes('expire');
  const expiredIds = rows.filter(isExpiredInLocker).map((p) => p.id);
  const barcodeOf = (id: number) => rows.find((p) => p.id === id)?.barcode ?? `#${id}`;

  /** Makes each package retrievable in turn; refusals are listed, the rest goes on. */
  const expire = (ids: number[]) =>
    run(async () => {
      setVerdict(null);
      const failed: string[] = [];
      let pending = false;
      for (const id of ids) {
        try {
          const res = await packageVerb(id, 'expire');
          pending ||= Boolean(res.meta.pending);
        } catch (error) {
          const body = (error as { body?: { code?: string }; message?: string }).body;
          failed.push(`${barcodeOf(id)}: ${translate(`errors.${body?.code}`, { _: (error as Error).message })}`);
        }
      }
      setFailures(failed);
      setNotice(translate('screens.ops.lockers.expired_done', { smart_count: ids.length - failed.length }));
      await load();
    }).finally(returnFocus);

  /** Another locker: the last locker's messages do not belong to it. */
  const chooseLocker = (id: number | null) => {
    setNotice(null);
    setFailures([]);
    setVerdict(null);
    setProblem(null);
    setLockerId(id);
  };

  const expireAll = () =>
    run(async () => {
      setConfirming(false);
      setNotice(null);
      setFailures([]);
      const answer = await canOnPackages('expire', expiredIds);
      if (answer.allOk) await expire(answer.can);
      else setVerdict(answer);
    }).finally(returnFocus);

  return (
    <ScreenFrame screen="lockers">
      {lockers && <LocationPicker locations={lockers} value={lockerId} onChange={chooseLocker} label={translate('screens.ops.lockers.select')} />}
      {canFilter && (
        <FormControlLabel control={<Switch checked={expiredOnlySwitch} onChange={(e) => setExpiredOnly(e.target.checked)} />} label={translate('screens.ops.lockers.expired_only')} />
      )}
      <Alert severity="info">{translate('screens.ops.lockers.takes_minutes')}</Alert>
      <Button variant="contained" color="warning" disabled={busy || expiredIds.length === 0} onClick={() => setConfirming(true)}>
        {translate('screens.ops.lockers.expire_all', { smart_count: expiredIds.length })}
      </Button>
      <ProblemAlert problem={problem} />
      <Notice text={notice} />
      {failures.length > 0 && (
        <Alert severity="warning">
          {failures.map((f) => (
            <div key={f}>{f}</div>
          ))}
        </Alert>
      )}
      {list && (
        <section aria-label={translate('screens.ops.lockers.packages')}>
          <Typography component="h2" variant="subtitle1" ref={listHeading} tabIndex={-1}>
            {translate('screens.ops.lockers.count', { smart_count: list.meta.total ?? rows.length })}
          </Typography>
          <List dense data-testid="locker-packages">
            {rows.map((p) => (
              // The button follows the text (wrapping below it on a narrow phone) instead of floating over it.
              <ListItem key={p.id} disableGutters divider sx={{ flexWrap: 'wrap', columnGap: 1 }}>
                <ListItemText
                  sx={{ flex: '1 1 12rem', minWidth: 0 }}
                  primary={p.barcode}
                  secondary={[statusLabel(p.status), p.locker_number && `#${p.locker_number}`, p.expires_at && new Date(p.expires_at).toLocaleString(getLocale())]
                    .filter(Boolean)
                    .join(' · ')}
                />
                {canExpire(p) && (
                  <Button size="small" disabled={busy} onClick={() => void expire([p.id])} aria-label={translate('screens.ops.lockers.expire_one', { barcode: p.barcode })}>
                    {translate('screens.ops.actions.expire')}
                  </Button>
                )}
              </ListItem>
            ))}
          </List>
        </section>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={confirmTitle}>
        <DialogTitle id={confirmTitle}>{translate('screens.ops.lockers.expire_all', { smart_count: expiredIds.length })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('screens.ops.lockers.confirm_expire_all', { smart_count: expiredIds.length })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{translate('operations.dismiss')}</Button>
          <Button variant="contained" color="warning" onClick={() => void expireAll()}>
            {translate('operations.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
      <ContinueWithRestDialog verdict={verdict} nameOf={barcodeOf} onCancel={() => setVerdict(null)} onContinue={() => void expire(verdict?.can ?? [])} />
    </ScreenFrame>
  );
}
