/**
 * /pudo and /warehouse: choose the location, scan, and check packages in and out. A PUDO hands a package
 * to its customer with a photo of their ID, a warehouse to the driver chosen in the hand-over dialog; a
 * warehouse or a PUDO can check in continuously (quick check-in: one beep and one line per package). Check-ins go
 * through the device's scan queue (docs/offline-scanning.md): quick check-in always, a scan when offline.
 */
import { Alert, Button, FormControlLabel, Switch } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useCurrentUser } from '../../layout/useCurrentUser.js';
import { isNetworkFailure } from '../../providers/http.js';
import { useQueueLines } from '../../offline/queueLines.js';
import type { KnownPackage } from '../../offline/types.js';
import { useScanQueue } from '../../offline/useScanQueue.js';
import { CameraScanner } from '../scan/CameraScanner.js';
import { IdentificationCapture } from '../scan/IdentificationCapture.js';
import { HandoverDialog } from '../warehouse/HandoverDialog.js';
import { LocationPicker, useRememberedLocation, type PickableLocation } from '../scan/LocationPicker.js';
import { PackageCard } from '../scan/PackageCard.js';
import { ScanField } from '../scan/ScanField.js';
import { ScanLog } from '../scan/ScanLog.js';
import { useStatusLabel } from '../../components/StatusField.js';
import { beep, vibrateError } from './feedback.js';
import { NoActionReason } from './NoActionReason.js';
import { usePackageOperations, type PackageResult } from './operationsApi.js';
import { Notice, ProblemAlert, ScreenFrame } from './ScreenFrame.js';
import { needsConnection, useScanTask } from './useScanTask.js';
import { useFollowShownPackage } from './useFollowShownPackage.js';
import { useFocusReturn } from './useFocusReturn.js';

/** Where a card's buttons live: the package card and the offline hand-over offer. */
const CARD_ZONES = '[data-testid="package-card"], [data-testid="known-package"]';

export function StoreScreen({ kind }: { kind: 'pudo' | 'warehouse' }) {
  const translate = useTranslate();
  const statusLabel = useStatusLabel('packages');
  const user = useCurrentUser();
  const locations = useMemo<PickableLocation[] | undefined>(() => (user ? (user.locations ?? []) : undefined), [user]);
  const [locationId, setLocationId] = useRememberedLocation(kind, locations);
  const { busy, problem, setProblem, run, fail } = useScanTask();
  const { checkOutWithImage, findPackage, packageVerb, refreshPackage } = usePackageOperations();
  const [current, setCurrent] = useState<PackageResult | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [quick, setQuick] = useState(false);
  const [capturing, setCapturing] = useState(false);
  /** Offline, a package the device knows is due for hand-over here (PUDO): handed over with the photo, queued. */
  const [handOffline, setHandOffline] = useState<KnownPackage | null>(null);
  const [handingOver, setHandingOver] = useState(false);
  const queue = useScanQueue(kind);
  const queueLines = useQueueLines(queue.lines);
  // After a card's action (or the offline hand-over) the focus goes back to the scan field, ready for the next code.
  const { anchor: scanInput, returnFocus } = useFocusReturn(capturing || handingOver, CARD_ZONES);

  const needLocation = () => {
    if (locationId !== null) return false;
    vibrateError();
    setProblem({ status: 422, code: 'package.location_required', message: translate('errors.package.location_required'), hint: translate('screens.ops.hints.choose_location') });
    return true;
  };

  /**
   * Quick check-in, or a scan offline (or with the server unreachable): the check-in is queued. Outside quick
   * check-in a package the device knows is due for a hand-over is not queued: that needs a connection.
   */
  const queueCheckIn = (code: string) => {
    const known = queue.recognise(code);
    if (!quick && known && known.actions.length > 0 && !known.actions.includes('check-in')) {
      if (kind === 'pudo' && known.actions.includes('check-out')) return setHandOffline(known);
      return fail(needsConnection(translate));
    }
    beep('ok');
    void queue.enqueue(code, 'check-in', locationId);
  };

  const onScan = (code: string) => {
    // A new scan starts clean: the last scan's error must not stay beside this one's result.
    setNotice(null);
    setProblem(null);
    setHandOffline(null);
    if (needLocation()) return;
    if (quick || !queue.online) {
      setCurrent(null);
      return queueCheckIn(code);
    }
    void run(async () => {
      setCurrent(null);
      try {
        setCurrent(await findPackage(code));
      } catch (error) {
        if (isNetworkFailure(error)) return queueCheckIn(code);
        throw error;
      }
    });
  };

  /** Runs a verb on the package shown, then shows it again with its new status. */
  const act = (verb: string, call: () => Promise<PackageResult>, done: string, params: Record<string, string> = {}) =>
    run(async () => {
      const result = await call();
      setCurrent(await refreshPackage(result, current?.data));
      setNotice(translate(done, { barcode: result.data.barcode, status: statusLabel(result.data.status), ...params }));
      return verb;
    }).finally(returnFocus);

  // The package shown changed elsewhere (another counter, a driver, the office): show it as it is now.
  useFollowShownPackage(current, setCurrent, busy);
  /** The hand-over recorded on the device with its photo, sent when the network is back. */
  const handOverOffline = async (known: KnownPackage, image: Blob) => {
    setCapturing(false);
    setHandOffline(null);
    try {
      await queue.enqueue(known.barcode, 'check-out', locationId, image);
      setNotice(translate('screens.ops.offline.handover_queued', { barcode: known.barcode }));
      returnFocus();
    } catch {
      // The photo could not be decoded or made small enough (queuedPhoto): said in the user's language, and the
      // hand-over is offered again for a new photo (the customer is still at the counter).
      setHandOffline(known);
      fail({ status: 0, message: translate('screens.ops.identification.unreadable'), hint: translate('screens.ops.hints.identification') });
    }
  };

  const pkg = current?.data;
  const actions = current?.meta.actions ?? [];
  const body = { location_id: locationId };

  return (
    <ScreenFrame screen={kind}>
      {locations && locations.length > 0 && (
        <LocationPicker locations={locations} value={locationId} onChange={(id) => { setLocationId(id); setProblem(null); }} />
      )}
      {locations && locations.length === 0 && <ProblemAlert problem={{ status: 403, message: translate('screens.ops.location.none'), hint: translate('screens.ops.hints.forbidden') }} />}
      <FormControlLabel
        control={<Switch checked={quick} onChange={(e) => { setQuick(e.target.checked); setCurrent(null); setProblem(null); }} />}
        label={translate('screens.ops.quick_check_in.label')}
      />
      <ScanField onScan={onScan} disabled={capturing || handingOver} inputRef={scanInput}>
        <CameraScanner onScan={onScan} disabled={capturing || handingOver} />
      </ScanField>
      <ProblemAlert problem={problem} />
      <Notice text={notice} />
      {handOffline && (
        <Alert
          severity="info"
          data-testid="known-package"
          action={
            <Button color="inherit" size="small" onClick={() => setCapturing(true)}>
              {translate('screens.ops.actions.hand_over')}
            </Button>
          }
        >
          {translate('screens.ops.offline.known_package', { barcode: handOffline.barcode, shipment: handOffline.shipment_name ?? '' })}
        </Alert>
      )}
      {quick ? (
        <ScanLog lines={queueLines} title={translate('screens.ops.quick_check_in.log')} />
      ) : (
        pkg && (
          <PackageCard pkg={pkg}>
            {actions.includes('check-in') && (
              <Button variant="contained" disabled={busy} onClick={() => void act('check-in', () => packageVerb(pkg.id, 'check-in', body), 'screens.ops.done.checked_in')}>
                {translate('screens.ops.actions.check_in')}
              </Button>
            )}
            {actions.includes('check-out') && (
              <Button
                variant="contained"
                color="secondary"
                disabled={busy}
                onClick={() => (kind === 'pudo' ? setCapturing(true) : setHandingOver(true))}
              >
                {translate(kind === 'pudo' ? 'screens.ops.actions.hand_over' : 'screens.ops.actions.check_out')}
              </Button>
            )}
            {!actions.some((a) => a === 'check-in' || a === 'check-out') && <NoActionReason pkg={pkg} />}
          </PackageCard>
        )
      )}
      {!quick && queueLines.length > 0 && <ScanLog lines={queueLines} title={translate('screens.ops.offline.log')} />}
      {kind === 'warehouse' && (
        <HandoverDialog
          pkg={handingOver && pkg ? pkg : null}
          busy={busy}
          onCancel={() => setHandingOver(false)}
          onSubmit={(driver) =>
            void act('check-out', () => packageVerb(pkg!.id, 'check-out', { ...body, handover_to: driver.id }), 'screens.ops.done.checked_out_to', { driver: driver.name }).then(() =>
              setHandingOver(false),
            )
          }
        />
      )}
      {kind === 'pudo' && (pkg || handOffline) && (
        <IdentificationCapture
          open={capturing}
          busy={busy}
          onCancel={() => setCapturing(false)}
          onSubmit={(image) => {
            if (handOffline) return void handOverOffline(handOffline, image);
            void act('check-out', () => checkOutWithImage(pkg!.id, locationId!, image), 'screens.ops.done.handed_over').then(() => setCapturing(false));
          }}
        />
      )}
    </ScreenFrame>
  );
}
