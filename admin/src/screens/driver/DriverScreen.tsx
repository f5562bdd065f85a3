/**
 * /driver: scan a package to pick it up, reroute it, consolidate or deconsolidate it, or extend / end its
 * storage time (expiry tool); quick pickup (continuous scanning); consolidation (scan the container, then
 * its packages). A barcode no package matches can be fetched from the merchant's system. Pickups go through the
 * device's scan queue (docs/offline-scanning.md): quick pickup always, a scan in scan mode when offline. The
 * driver's packages (the device's known list) and the package shown follow changes made elsewhere (live updates).
 */
import { Alert, Button, Chip, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useStatusLabel } from '../../components/StatusField.js';
import { isNetworkFailure } from '../../providers/http.js';
import { useQueueLines } from '../../offline/queueLines.js';
import { useScanQueue } from '../../offline/useScanQueue.js';
import { CameraScanner } from '../scan/CameraScanner.js';
import { PackageCard } from '../scan/PackageCard.js';
import { onDemand } from '../../layout/onDemand.js';
import { ScanField } from '../scan/ScanField.js';
import { ScanLog } from '../scan/ScanLog.js';
import { beep, vibrateConsolidation } from '../shared/feedback.js';
import { usePackageOperations, type PackageRecord, type PackageResult } from '../shared/operationsApi.js';
import { NoActionReason } from '../shared/NoActionReason.js';
import { Notice, ProblemAlert, ScreenFrame } from '../shared/ScreenFrame.js';
import { useLoggedScans } from '../shared/useLoggedScans.js';
import { useFollowShownPackage } from '../shared/useFollowShownPackage.js';
import { DriverPackages } from './DriverPackages.js';
import { needsConnection, useScanTask } from '../shared/useScanTask.js';
import { useFocusReturn } from '../shared/useFocusReturn.js';

// Opened from a package's reroute button: not part of the screen's first load (issue 11: <= 300 kB gzip).
const RerouteDialog = onDemand(() => import('../scan/RerouteDialog.js').then((m) => m.RerouteDialog));
const LockerFullDialog = onDemand(() => import('./LockerFullDialog.js').then((m) => m.LockerFullDialog));

type Mode = 'scan' | 'quick_pickup' | 'consolidate';

/** Package verbs the card offers, in this order, when the server allows them (meta.actions). */
const CARD_VERBS = ['pickup', 'extend-expiry', 'expire', 'deconsolidate'] as const;

/** Where the screen's action buttons live: the package card, the fetch offer and the consolidation banner. */
const CARD_ZONES = '[data-testid="package-card"], [data-testid="scan-problem"], [data-testid="consolidation-container"]';

export function DriverScreen() {
  const translate = useTranslate();
  const statusLabel = useStatusLabel('packages');
  const { busy, problem, setProblem, run, fail, describe } = useScanTask();
  const { fetchFromMerchant, findPackage, lookupPackage, packageVerb, refreshPackage } = usePackageOperations();
  const [mode, setMode] = useState<Mode>('scan');
  const [current, setCurrent] = useState<PackageResult | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [rerouting, setRerouting] = useState<PackageRecord | null>(null);
  const [reporting, setReporting] = useState<PackageRecord | null>(null);
  const [container, setContainer] = useState<PackageRecord | null>(null);
  const log = useLoggedScans(describe);
  const { logged } = log;
  const queue = useScanQueue('driver');
  const queueLines = useQueueLines(queue.lines);
  // After a card's action (a verb, a dialog's answer, the container chosen) its button is gone or was disabled:
  // the focus goes back to the scan field, ready for the next code (docs/admin.md, "Operations screens").
  const { anchor: scanInput, returnFocus } = useFocusReturn(rerouting !== null || reporting !== null, CARD_ZONES);

  /**
   * Quick pickup, or a scan offline (or with the server unreachable): the pickup is queued. In scan mode a
   * package the device knows needs another step (a deposit, a reroute) is not queued: that needs a connection.
   */
  const queuePickup = (code: string) => {
    const known = queue.recognise(code);
    if (mode === 'scan' && known && known.actions.length > 0 && !known.actions.includes('pickup')) return fail(needsConnection(translate));
    beep('ok');
    void queue.enqueue(code, 'pickup');
  };

  // The package shown changed elsewhere: shown as it is now, unless the driver is acting on it (a verb, a dialog).
  useFollowShownPackage(current, setCurrent, busy || rerouting !== null || reporting !== null);

  const show = async (result: PackageResult) => setCurrent(await refreshPackage(result, current?.data));

  const scanOne = (code: string) =>
    run(async () => {
      setCurrent(null);
      try {
        setCurrent(await findPackage(code));
      } catch (error) {
        if ((error as { body?: { code?: string } }).body?.code === 'package.not_found_by_barcode') setMissing(code);
        if (isNetworkFailure(error)) return queuePickup(code);
        throw error;
      }
    });

  /** What the screen said of the last scan or mode: a new scan or mode starts clean, so no old error sits beside it. */
  const clearFeedback = () => {
    setNotice(null);
    setMissing(null);
    setProblem(null);
  };

  const onScan = (code: string) => {
    clearFeedback();
    if (mode === 'quick_pickup' || (mode === 'scan' && !queue.online)) {
      setCurrent(null);
      return queuePickup(code);
    }
    if (mode === 'scan') return void scanOne(code);
    if (!queue.online) return fail(needsConnection(translate));
    if (!container) {
      return void run(async () => {
        const found = await findPackage(code);
        setContainer(found.data);
        log.clear();
      });
    }
    void logged(
      code,
      async () => {
        const found = await lookupPackage(code);
        await packageVerb(found.data.id, 'consolidate', { into: container.id });
        return translate('screens.ops.consolidate.added', { container: container.barcode });
      },
      vibrateConsolidation,
    );
  };

  const act = (verb: string, pkg: PackageRecord) =>
    run(async () => {
      const result = await packageVerb(pkg.id, verb);
      await show(result);
      setNotice(
        result.meta.pending
          ? translate('operations.retrievable_pending')
          : translate('screens.ops.done.verb', { barcode: result.data.barcode, status: statusLabel(result.data.status) }),
      );
    }).finally(returnFocus);

  const fetchMissing = (barcode: string) => {
    // Asked once: the offer goes, whatever the answer (a refusal says what the merchants answered).
    setMissing(null);
    return run(async () => {
      const result = await fetchFromMerchant(barcode);
      await show(result);
      setNotice(translate('screens.ops.fetch.done', { barcode: result.data.barcode }));
    }).finally(returnFocus);
  };

  const pkg = current?.data;
  const actions = current?.meta.actions ?? [];

  return (
    <ScreenFrame screen="driver">
      <ToggleButtonGroup
        exclusive
        size="small"
        value={mode}
        onChange={(_e, next: Mode | null) => {
          if (!next) return;
          setMode(next);
          clearFeedback();
          setCurrent(null);
          setContainer(null);
          log.clear();
        }}
        aria-label={translate('screens.ops.modes.label')}
        sx={{ flexWrap: 'wrap' }}
      >
        {(['scan', 'quick_pickup', 'consolidate'] as const).map((m) => (
          <ToggleButton key={m} value={m} sx={{ flex: '1 1 auto' }}>
            {translate(`screens.ops.modes.${m}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {mode === 'consolidate' && (
        <Alert severity="info" data-testid="consolidation-container" action={container && <Button color="inherit" size="small" onClick={() => { setContainer(null); log.clear(); returnFocus(); }}>{translate('screens.ops.consolidate.change')}</Button>}>
          {container ? translate('screens.ops.consolidate.container', { barcode: container.barcode }) : translate('screens.ops.consolidate.scan_container')}
        </Alert>
      )}
      <ScanField onScan={onScan} disabled={rerouting !== null} inputRef={scanInput}>
        <CameraScanner onScan={onScan} disabled={rerouting !== null} />
      </ScanField>
      <ProblemAlert
        problem={problem}
        action={
          missing && (
            <Button color="inherit" size="small" disabled={busy} onClick={() => void fetchMissing(missing)}>
              {translate('screens.ops.fetch.offer')}
            </Button>
          )
        }
      />
      <Notice text={notice} />
      {mode === 'scan' && pkg && (
        <PackageCard pkg={pkg} notice={pkg.is_consolidation ? <Chip size="small" label={translate('screens.ops.package.container')} sx={{ ml: 1 }} /> : undefined}>
          {CARD_VERBS.filter((verb) => actions.includes(verb)).map((verb) => (
            <Button key={verb} variant={verb === 'pickup' ? 'contained' : 'outlined'} disabled={busy} onClick={() => void act(verb, pkg)}>
              {translate(`screens.ops.actions.${verb.replace('-', '_')}`)}
            </Button>
          ))}
          {actions.includes('reroute') && (
            <Button variant="outlined" disabled={busy} onClick={() => setRerouting(pkg)}>
              {translate('screens.ops.actions.reroute')}
            </Button>
          )}
          {/* A locker that will not take it (issue 13, temporary storage): the server offers it for a package on its way to a locker. */}
          {actions.includes('report-locker-full') && (
            <Button variant="outlined" color="warning" disabled={busy} onClick={() => setReporting(pkg)}>
              {translate('locker_ops.report_full')}
            </Button>
          )}
          {actions.includes('consolidate') && (
            <Button variant="outlined" disabled={busy} onClick={() => { setMode('consolidate'); setContainer(pkg); setCurrent(null); log.clear(); returnFocus(); }}>
              {translate('screens.ops.actions.use_as_container')}
            </Button>
          )}
          {!actions.some((a) => a !== 'show') && <NoActionReason pkg={pkg} />}
        </PackageCard>
      )}
      {mode === 'consolidate' && (
        <Stack>
          <ScanLog lines={log.lines} title={translate(`screens.ops.modes.${mode}`)} />
        </Stack>
      )}
      {(mode === 'quick_pickup' || queueLines.length > 0) && mode !== 'consolidate' && (
        <ScanLog lines={queueLines} title={translate(mode === 'quick_pickup' ? 'screens.ops.modes.quick_pickup' : 'screens.ops.offline.log')} />
      )}
      {mode !== 'consolidate' && <DriverPackages packages={queue.known} />}
      {reporting && (
        <LockerFullDialog
          pkg={reporting}
          onClose={() => setReporting(null)}
          onError={(error) => {
            setReporting(null);
            fail(describe(error));
            returnFocus();
          }}
          onDone={(result, text) => {
            setReporting(null);
            void show(result);
            setNotice(text);
            returnFocus();
          }}
        />
      )}
      {rerouting && (
        <RerouteDialog
          pkg={rerouting}
          onClose={() => setRerouting(null)}
          onRerouted={(result) => {
            setRerouting(null);
            void show(result);
            setNotice(translate('screens.ops.reroute.done', { barcode: result.data.barcode }));
            returnFocus();
          }}
        />
      )}
    </ScreenFrame>
  );
}
