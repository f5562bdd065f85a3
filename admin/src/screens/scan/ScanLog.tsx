/**
 * Continuous scanning (quick check-in, quick pickup, consolidation) and the scans kept on the device: one line
 * per scan with its result, or "queued" until the server's outcome comes back (docs/offline-scanning.md).
 */
import { outcomeCounts } from '../../../../core/i18n/outcome-counts.js';
import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

export interface ScanLine {
  key: number | string;
  code: string;
  ok: boolean;
  /** Recorded on the device, outcome not known yet. */
  queued?: boolean;
  text: string;
  hint?: string;
}

let nextKey = 1;

/** Newest first, at most `limit` lines. */
export function useScanLog(limit = 50) {
  const [lines, setLines] = useState<ScanLine[]>([]);
  const add = (line: Omit<ScanLine, 'key'>) => setLines((prev) => [{ ...line, key: nextKey++ }, ...prev].slice(0, limit));
  const clear = () => setLines([]);
  return { lines, add, clear };
}

const stateOf = (line: ScanLine) => (line.queued ? 'queued' : line.ok ? 'applied' : 'refused');
const BORDER = { queued: 'warning.main', applied: 'success.main', refused: 'error.main' } as const;

/** The lines (newest first; the first `shown` are listed) under a title, with their counts. */
export function ScanLog({ lines, title, shown = 50 }: { lines: ScanLine[]; title: string; shown?: number }) {
  const translate = useTranslate();
  const ok = lines.filter((l) => l.ok && !l.queued).length;
  const queued = lines.filter((l) => l.queued).length;
  const counts = outcomeCounts(translate, ok, lines.length - ok - queued);
  return (
    <section aria-label={title}>
      <Typography component="h2" variant="subtitle1" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="scan-log-summary">
        {queued > 0
          ? translate('screens.ops.log.summary_queued', { ...counts, queued: translate('screens.ops.offline.queued_lines', { smart_count: queued }) })
          : translate('screens.ops.log.summary', counts)}
      </Typography>
      <List dense aria-live="polite" data-testid="scan-log">
        {lines.slice(0, shown).map((line) => (
          <ListItem key={line.key} data-state={stateOf(line)} disableGutters sx={{ borderLeft: 4, borderColor: BORDER[stateOf(line)], pl: 1, mb: 0.5 }}>
            <ListItemText
              primary={`${line.code} — ${line.text}`}
              secondary={line.hint}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
    </section>
  );
}
