/**
 * The checked rows of the file, one column per import field. A cell with a problem is marked three
 * ways, so colour is never the only signal: an error icon, the message written under the value, and
 * `aria-describedby` for screen readers (the tooltip repeats the message on hover).
 */
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ImportField } from '../../../../core/import/fields.js';
import type { PreviewRow, RowError } from './importApi.js';
import { useImportWizard } from './importKinds.js';

const cellId = (row: number, column: string) => `import-r${row}-${column}`;

export function PreviewTable({ rows }: { rows: PreviewRow[] }) {
  const translate = useTranslate();
  const { fields } = useImportWizard();
  return (
    // Focusable so keyboard users can scroll the wide table sideways.
    <TableContainer tabIndex={0} role="region" aria-label={translate('screens.import.preview.table')} sx={{ maxWidth: '100%', overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={translate('screens.import.preview.table')} data-testid="import-rows">
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">{translate('screens.import.preview.row')}</TableCell>
            <TableCell component="th" scope="col">{translate('screens.import.preview.status')}</TableCell>
            {fields.map((field) => (
              <TableCell key={field.name} component="th" scope="col" sx={{ whiteSpace: 'nowrap' }} data-column={field.name}>
                {translate(field.labelKeys[0]!)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <PreviewTableRow key={row.row} row={row} fields={fields} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function PreviewTableRow({ row, fields }: { row: PreviewRow; fields: readonly ImportField[] }) {
  const translate = useTranslate();
  const byColumn = new Map<string, RowError[]>();
  for (const error of row.errors) {
    const column = fields.some((f) => f.name === error.column) ? error.column : '';
    byColumn.set(column, [...(byColumn.get(column) ?? []), error]);
  }
  // Problems not tied to one of the columns (e.g. a whole-row problem) go in the status cell; so does the
  // row's first column problem, so it is read without scrolling the wide table sideways (1280 and 390 px).
  const general = byColumn.get('') ?? [];
  const firstColumnError = general.length ? undefined : row.errors.find((e) => byColumn.has(e.column));
  const labelOf = (column: string) => translate(fields.find((f) => f.name === column)?.labelKeys[0] ?? column);
  const shown = general.length + (firstColumnError ? 1 : 0);
  return (
    <TableRow data-row={row.row} data-valid={row.valid ? 'true' : 'false'} sx={row.valid ? undefined : { bgcolor: 'rgba(211, 47, 47, 0.04)' }}>
      <TableCell component="th" scope="row">{row.row}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {row.valid ? (
          <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', color: 'success.main' }}>
            <CheckCircleOutlineIcon fontSize="small" aria-hidden />
            {translate('screens.import.preview.valid')}
          </Box>
        ) : (
          <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', color: 'error.main', fontWeight: 500 }}>
            <ErrorOutlineIcon fontSize="small" aria-hidden />
            {translate('screens.import.preview.invalid')}
          </Box>
        )}
        {general.map((e, i) => (
          <Typography key={i} variant="caption" component="div" color="error" sx={{ whiteSpace: 'normal', maxWidth: 220 }}>
            {e.message}
          </Typography>
        ))}
        {firstColumnError && (
          <Typography variant="caption" component="div" color="error" data-testid="row-first-error" sx={{ whiteSpace: 'normal', maxWidth: 220 }}>
            {translate('screens.import.preview.first_error', { column: labelOf(firstColumnError.column), message: firstColumnError.message })}
          </Typography>
        )}
        {row.errors.length > shown && (
          <Typography variant="caption" component="div" color="text.secondary" sx={{ whiteSpace: 'normal', maxWidth: 220 }}>
            {translate('screens.import.preview.more_errors', { smart_count: row.errors.length - shown })}
          </Typography>
        )}
      </TableCell>
      {fields.map((field) => (
        <PreviewCell key={field.name} row={row.row} column={field.name} value={row.values[field.name] ?? ''} errors={byColumn.get(field.name)} />
      ))}
    </TableRow>
  );
}

function PreviewCell({ row, column, value, errors }: { row: number; column: string; value: string; errors?: RowError[] }) {
  const translate = useTranslate();
  if (!errors?.length) {
    return (
      <TableCell data-column={column} sx={{ whiteSpace: 'nowrap' }}>
        {value}
      </TableCell>
    );
  }
  const id = cellId(row, column);
  const message = errors.map((e) => e.message).join(' ');
  return (
    <TableCell
      data-column={column}
      data-error={errors.map((e) => e.code).join(' ')}
      aria-describedby={id}
      sx={{ minWidth: 200, maxWidth: 320, bgcolor: 'rgba(211, 47, 47, 0.12)', boxShadow: 'inset 0 0 0 2px #d32f2f' }}
    >
      <Tooltip title={message}>
        <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', whiteSpace: 'nowrap', fontWeight: 500 }}>
          <ErrorOutlineIcon fontSize="small" color="error" aria-hidden />
          <span>{value || <em>{translate('screens.import.preview.empty_cell')}</em>}</span>
        </Box>
      </Tooltip>
      <Typography id={id} variant="caption" component="div" sx={{ color: '#8e1616' }}>
        {translate('screens.import.preview.cell_error', { message })}
      </Typography>
    </TableCell>
  );
}
