/**
 * Export the shipments list: in the bulk-action bar it exports the selected rows (`ids`), in the list
 * toolbar the whole current filter and search (the list's own parameters). A menu offers XLSX (the
 * default, or the user's preferred format first) and CSV; the file keeps the server's name.
 */
import DownloadIcon from '@mui/icons-material/Download';
import { CircularProgress, ListItemText, Menu, MenuItem } from '@mui/material';
import { useId, useState, type MouseEvent } from 'react';
import { Button, useListContext, useTranslate } from 'react-admin';
import { EXPORT_FORMATS } from '../../../../core/constants.js';
import { listQuery } from '../../providers/dataProvider.js';
import { useCurrentUser } from '../../layout/useCurrentUser.js';
import { downloadApiFile } from './download.js';

export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportButtonProps {
  /** `selection`: the selected rows (bulk actions); `filter`: everything the list's filter shows. */
  scope?: 'selection' | 'filter';
  /** API path of the export (shipments by default). */
  path?: string;
}

/** The formats in menu order: the preferred one first (XLSX unless the user chose CSV). */
export function exportFormats(preferred: unknown): ExportFormat[] {
  const first: ExportFormat = preferred === 'csv' ? 'csv' : 'xlsx';
  return [first, ...EXPORT_FORMATS.filter((f) => f !== first)];
}

/** The export query: ids for a selection, else the list's filter and sort (without paging). */
export function exportQuery(scope: 'selection' | 'filter', format: ExportFormat, selectedIds: unknown[], filterValues: Record<string, unknown>) {
  if (scope === 'selection') return { ids: selectedIds, format };
  return { ...listQuery({ filter: filterValues }), format };
}

export function ExportButton({ scope = 'filter', path = 'shipments/export' }: ExportButtonProps) {
  const translate = useTranslate();
  const user = useCurrentUser();
  const { selectedIds = [], filterValues = {}, total } = useListContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  const formats = exportFormats(user?.preferences?.default_export_format);
  const empty = scope === 'selection' ? selectedIds.length === 0 : total === 0;

  const run = async (format: ExportFormat) => {
    setAnchor(null);
    setBusy(true);
    try {
      await downloadApiFile(path, exportQuery(scope, format, selectedIds, filterValues), `shipments.${format}`);
    } catch {
      /* shown by the error dialog */
    } finally {
      setBusy(false);
    }
  };

  const label = translate(scope === 'selection' ? 'export.selected' : 'export.label');
  return (
    <>
      <Button
        label={label}
        aria-label={label}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        disabled={busy || empty}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        data-testid={`export-${scope}`}
      >
        {busy ? <CircularProgress size={16} aria-label={translate('export.preparing')} /> : <DownloadIcon />}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {formats.map((format, index) => (
          <MenuItem key={format} onClick={() => run(format)} autoFocus={index === 0} data-format={format}>
            <ListItemText
              primary={translate(`export_formats.${format}`)}
              secondary={index === 0 ? translate('export.default') : undefined}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
