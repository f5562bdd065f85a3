/** Continuous scanning (quick check-in, quick pickup, consolidation): one line per scan with its result. */
import { outcomeCounts } from '../../../../core/i18n/outcome-counts.js';
import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

export interface ScanLine {
  key: number;
  code: string;
  ok: boolean;
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

export function ScanLog({ lines, title }: { lines: ScanLine[]; title: string }) {
  const translate = useTranslate();
  const ok = lines.filter((l) => l.ok).length;
  return (
    <section aria-label={title}>
      <Typography component="h2" variant="subtitle1" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {translate('screens.ops.log.summary', outcomeCounts(translate, ok, lines.length - ok))}
      </Typography>
      <List dense aria-live="polite" data-testid="scan-log">
        {lines.map((line) => (
          <ListItem key={line.key} disableGutters sx={{ borderLeft: 4, borderColor: line.ok ? 'success.main' : 'error.main', pl: 1, mb: 0.5 }}>
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
