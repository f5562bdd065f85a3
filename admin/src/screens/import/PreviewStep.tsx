/**
 * Step 2: the file as the server checked it. Counts, header warnings, the rows (all or invalid only,
 * paged; the page and filter live in the URL), then the choice: import (the valid rows only, when
 * some are invalid) or go back and fix the file. A successful save moves on to the summary, or (a wizard
 * without one) to the list of the created records with a notice.
 */
import { Alert, Box, Button, Chip, FormControlLabel, LinearProgress, Stack, Switch, TablePagination, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useTablePaginationLabels } from '../../components/ListToolbarAndPagination.js';
import { ImportProblem } from './ImportProblem.js';
import { fetchPreview, ImportRequestError, saveImport, type PreviewData, type PreviewMeta } from './importApi.js';
import { PreviewTable } from './PreviewTable.js';
import { createdListPath } from './importKinds.js';
import { useWizardState, type ImportCounts } from './wizardState.js';

const PER_PAGE_OPTIONS = [10, 25, 50, 100];

export function PreviewStep() {
  const translate = useTranslate();
  const paginationLabels = useTablePaginationLabels();
  const navigate = useNavigate();
  const notify = useNotify();
  const { wizard, state, write, stepPath } = useWizardState();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const perPage = PER_PAGE_OPTIONS.includes(Number(params.get('perPage'))) ? Number(params.get('perPage')) : 25;
  const invalidOnly = params.get('invalid') === '1';
  const [preview, setPreview] = useState<{ data: PreviewData; meta: PreviewMeta } | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<ImportRequestError | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<ImportRequestError | null>(null);
  const id = state.id;

  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    setLoading(true);
    fetchPreview(wizard.api, id, { page, perPage, invalidOnly }, controller.signal)
      .then((res) => {
        setPreview(res);
        setError(null);
      })
      .catch((e) => {
        if ((e as Error)?.name !== 'AbortError') setError(e as ImportRequestError);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [wizard.api, id, page, perPage, invalidOnly]);

  const setQuery = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    if (id) next.set('id', id);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };

  if (!id) return <MissingUpload />;
  if (error && !preview) {
    const gone = error.status === 404;
    return (
      <Stack spacing={2}>
        {gone ? (
          <Alert severity="warning" role="alert">
            {translate('screens.import.preview.gone')}
          </Alert>
        ) : (
          <ImportProblem error={error} />
        )}
        <BackToUpload onClick={() => write({ merchantId: state.merchantId })} />
      </Stack>
    );
  }
  if (!preview) return <LinearProgress aria-label={translate('ra.page.loading')} />;

  const { data, meta } = preview;
  const counts = data.counts;
  const save = async (onlyValid: boolean) => {
    setSaving(true);
    setSaveError(null);
    try {
      const result = await saveImport(wizard.api, id, onlyValid);
      if (wizard.steps.includes('save')) {
        write({ result: { created: result.created, counts: result.counts, fileName: data.file_name } });
        navigate(stepPath('save'));
        return;
      }
      write({});
      const skipped = result.counts.invalid > 0 ? ` ${translate('screens.import.save.skipped', { count: result.counts.invalid })}` : '';
      if (wizard.texts.done) notify(translate(wizard.texts.done, { count: result.created.length }) + skipped, { type: 'success' });
      navigate(createdListPath(wizard.listPath, result.created));
    } catch (e) {
      setSaveError(e as ImportRequestError);
      setSaving(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography>{translate('screens.import.intros.preview')}</Typography>
      <Typography variant="body2" data-testid="import-file-name">
        {translate('screens.import.preview.file', { name: data.file_name || state.fileName || '' })}
      </Typography>
      <CountChips counts={counts} extra={wizard.counts} />
      <HeaderWarnings header={data.header} />
      <Verdict counts={counts} />
      <ImportProblem error={saveError} title={translate('screens.import.preview.save_failed')} />
      {saving && (
        <Box role="status" aria-live="polite">
          <Typography variant="body2">{translate(wizard.texts.saving)}</Typography>
          <LinearProgress aria-label={translate(wizard.texts.saving)} />
        </Box>
      )}
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap">
        {counts.valid > 0 && (
          <Button variant="contained" disabled={saving} onClick={() => save(counts.invalid > 0)} data-testid="import-save">
            {counts.invalid > 0
              ? translate('screens.import.preview.import_valid', { smart_count: counts.valid })
              : translate('screens.import.preview.import_all', { smart_count: counts.valid })}
          </Button>
        )}
        <BackToUpload disabled={saving} onClick={() => write({ merchantId: state.merchantId })} label={translate('screens.import.preview.fix')} />
      </Stack>
      <FormControlLabel
        control={<Switch checked={invalidOnly} onChange={(_e, checked) => setQuery({ invalid: checked ? '1' : null, page: null })} />}
        label={translate('screens.import.preview.invalid_only')}
      />
      {/* inline-size containment: the wide table scrolls inside instead of widening the page */}
      <Box sx={{ position: 'relative', width: '100%', contain: 'inline-size' }} aria-busy={loading}>
        {loading && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} aria-label={translate('ra.page.loading')} />}
        {data.rows.length ? <PreviewTable rows={data.rows} /> : <Typography>{translate('screens.import.preview.no_rows')}</Typography>}
      </Box>
      <TablePagination
        component="div"
        count={meta.total}
        page={Math.max(0, meta.page - 1)}
        rowsPerPage={meta.perPage}
        rowsPerPageOptions={PER_PAGE_OPTIONS}
        onPageChange={(_e, next) => setQuery({ page: String(next + 1) })}
        onRowsPerPageChange={(e) => setQuery({ perPage: e.target.value, page: null })}
        {...paginationLabels}
      />
    </Stack>
  );
}

function CountChips({ counts, extra }: { counts: ImportCounts; extra: readonly string[] }) {
  const translate = useTranslate();
  const items: [string, 'default' | 'success' | 'error'][] = [
    ['rows', 'default'],
    ['valid', 'success'],
    ['invalid', counts.invalid ? 'error' : 'default'],
    ...extra.map((key): [string, 'default'] => [key, 'default']),
  ];
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" data-testid="import-counts">
      {items.map(([key, color]) => (
        <Chip
          key={key}
          color={color}
          variant={color === 'default' ? 'outlined' : 'filled'}
          data-count={key}
          label={translate('screens.import.preview.count', { name: translate(`screens.import.preview.counts.${key}`), count: counts[key] ?? 0 })}
        />
      ))}
    </Stack>
  );
}

function HeaderWarnings({ header }: { header: PreviewData['header'] }) {
  const translate = useTranslate();
  const list = (columns: (string | { header: string })[]) => columns.map((c) => (typeof c === 'string' ? c : c.header)).join(', ');
  return (
    <>
      {header.missing.length > 0 && (
        <Alert severity="error">{translate('screens.import.preview.missing_columns', { columns: list(header.missing) })}</Alert>
      )}
      {header.duplicates.length > 0 && (
        <Alert severity="warning">{translate('screens.import.preview.duplicate_columns', { columns: list(header.duplicates) })}</Alert>
      )}
      {header.unknown.length > 0 && (
        <Alert severity="info">{translate('screens.import.preview.unknown_columns', { columns: list(header.unknown) })}</Alert>
      )}
    </>
  );
}

function Verdict({ counts }: { counts: ImportCounts }) {
  const translate = useTranslate();
  if (counts.invalid === 0) return <Alert severity="success">{translate('screens.import.preview.all_valid', { smart_count: counts.rows })}</Alert>;
  if (counts.valid === 0) return <Alert severity="error">{translate('screens.import.preview.none_valid')}</Alert>;
  return <Alert severity="warning">{translate('screens.import.preview.some_invalid', { invalid: counts.invalid, rows: counts.rows })}</Alert>;
}

function BackToUpload({ onClick, disabled, label }: { onClick?: () => void; disabled?: boolean; label?: string }) {
  const translate = useTranslate();
  const { stepPath } = useWizardState();
  return (
    <Button component={RouterLink} to={stepPath('upload')} onClick={onClick} disabled={disabled} variant="outlined">
      {label ?? translate('screens.import.preview.go_upload')}
    </Button>
  );
}

function MissingUpload() {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      <Alert severity="info">{translate('screens.import.preview.missing')}</Alert>
      <BackToUpload />
    </Stack>
  );
}
