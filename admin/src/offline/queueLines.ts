/** The scan log's lines for the scans kept on the device: queued (with what the device knew), applied or refused. */
import { useTranslate } from 'react-admin';
import { useStatusLabel } from '../components/StatusField.js';
import type { ScanLine } from '../screens/scan/ScanLog.js';
import { scanHintKey } from '../screens/shared/scanError.js';
import type { StoredScan } from './types.js';

/** `screens.ops.actions.<key>` of a queued action. */
const ACTION_LABEL: Record<StoredScan['action'], string> = { pickup: 'pickup', 'check-in': 'check_in', 'check-out': 'check_out', deposit: 'deposit' };

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** One scan's line: queued (with what the device knew of the package), or its outcome from the server. */
export function scanLine(scan: StoredScan, translate: Translate, statusLabel: (status: number) => string): ScanLine {
  const base = { key: scan.client_id, code: scan.barcode };
  const outcome = scan.outcome;
  if (!outcome) {
    const label = scan.action === 'check-out' && scan.screen === 'pudo' ? 'hand_over' : ACTION_LABEL[scan.action];
    const action = translate(`screens.ops.actions.${label}`);
    const text = scan.known
      ? translate('screens.ops.offline.line_known', { action, shipment: scan.known.shipment_name ?? statusLabel(scan.known.status ?? 0) })
      : translate('screens.ops.offline.line_unknown', { action });
    return { ...base, ok: false, queued: true, text };
  }
  if (outcome.result === 'applied') {
    const status = outcome.package?.status;
    return { ...base, ok: true, text: outcome.package?.status_label ?? (status === undefined ? translate('screens.ops.offline.applied') : statusLabel(status)) };
  }
  const code = outcome.code ?? '';
  return { ...base, ok: false, text: outcome.message ?? translate(`errors.${code}`), hint: translate(`screens.ops.hints.${scanHintKey(code)}`) };
}

export function useQueueLines(scans: StoredScan[]): ScanLine[] {
  const translate = useTranslate();
  const statusLabel = useStatusLabel('packages');
  return scans.map((scan) => scanLine(scan, translate, statusLabel));
}
