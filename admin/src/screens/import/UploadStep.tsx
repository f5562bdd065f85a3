/**
 * Step 1: choose or drop a file (CSV, XLSX, XLS, ODS), pick the merchant when importing shipments as an
 * admin, and upload it with a progress bar (bytes sent, then the server's row check). The templates are
 * one click away. A refused file is explained in place with its code.
 */
import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { IMPORT_FORMATS, IMPORT_LIMITS } from '../../../../core/constants.js';
import { isAdminRole } from '../../../../core/roles.js';
import { useActor } from '../../components/useActor.js';
import { DropZone } from './DropZone.js';
import { ImportProblem } from './ImportProblem.js';
import { ImportRequestError, templateUrl, uploadImportFile, type UploadPhase } from './importApi.js';
import { MerchantSelect } from './MerchantSelect.js';
import { useWizardState } from './wizardState.js';

/** What the chooser offers; the server decides by the file's bytes anyway. */
const ACCEPT = [
  '.csv',
  '.tsv',
  '.txt',
  '.xlsx',
  '.xls',
  '.ods',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'application/vnd.oasis.opendocument.spreadsheet',
].join(',');

const MB = 1024 * 1024;

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MB) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}

interface Progress {
  phase: UploadPhase;
  percent: number | null;
}

export function UploadStep() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { role } = useActor();
  const { wizard, read, write, stepPath } = useWizardState();
  const chooseMerchant = wizard.chooseMerchant && isAdminRole(role);
  const [file, setFile] = useState<File | null>(null);
  const [merchantId, setMerchantId] = useState<number | null>(() => read().merchantId ?? null);
  const [merchantError, setMerchantError] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState<ImportRequestError | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const formats = IMPORT_FORMATS.map((f) => f.toUpperCase()).join(', ');
  const busy = progress !== null;

  const pick = (chosen: File) => {
    setError(null);
    // Refused here already when it is plainly over the limit: no point sending 20+ MB.
    if (chosen.size > IMPORT_LIMITS.maxBytes) {
      setFile(null);
      setError(new ImportRequestError(413, 'import.too_large', translate('errors.import.too_large', { max: IMPORT_LIMITS.maxBytes / MB })));
      return;
    }
    setFile(chosen);
  };

  const upload = async () => {
    if (!file) return;
    if (chooseMerchant && !merchantId) {
      setMerchantError(translate('screens.import.upload.merchant_required'));
      return;
    }
    setError(null);
    controller.current = new AbortController();
    try {
      const result = await uploadImportFile(wizard.api, file, {
        merchantId: chooseMerchant ? merchantId : null,
        signal: controller.current.signal,
        onProgress: (phase, percent) => setProgress({ phase, percent }),
      });
      write({ id: result.id, fileName: file.name, merchantId: chooseMerchant ? merchantId : null });
      navigate(stepPath('preview', result.id));
    } catch (e) {
      if ((e as Error)?.name === 'AbortError') return;
      setError(e instanceof ImportRequestError ? e : new ImportRequestError(0, undefined, String((e as Error)?.message ?? e)));
      setProgress(null);
    }
  };

  const cancel = () => {
    controller.current?.abort();
    setProgress(null);
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography>{translate('screens.import.intros.upload')}</Typography>
      <Box component="section" aria-labelledby="import-templates">
        <Typography id="import-templates" variant="subtitle1" component="h3">
          {translate('resources.shipments.actions.download_template')}
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap">
          <Button component="a" href={templateUrl(wizard.api, 'xlsx')} download startIcon={<DownloadIcon />} variant="outlined" size="small">
            {translate('screens.import.upload.template_xlsx')}
          </Button>
          <Button component="a" href={templateUrl(wizard.api, 'csv')} download startIcon={<DownloadIcon />} variant="outlined" size="small">
            {translate('screens.import.upload.template_csv')}
          </Button>
        </Stack>
      </Box>
      {chooseMerchant && (
        <MerchantSelect
          value={merchantId}
          error={merchantError}
          onChange={(id) => {
            setMerchantId(id);
            setMerchantError(null);
          }}
        />
      )}
      <DropZone
        accept={ACCEPT}
        disabled={busy}
        label={translate('screens.import.upload.drop')}
        hint={translate('screens.import.upload.formats', { formats })}
        onFile={pick}
      />
      {file && (
        <Typography data-testid="import-selected-file">
          {translate('screens.import.upload.selected', { name: file.name, size: formatSize(file.size) })}
        </Typography>
      )}
      {progress && <UploadProgress progress={progress} />}
      <ImportProblem error={error} />
      <Stack direction="row" spacing={2}>
        <Button variant="contained" onClick={upload} disabled={!file || busy}>
          {translate('screens.import.upload.submit')}
        </Button>
        {busy && (
          <Button onClick={cancel}>{translate('ra.action.cancel')}</Button>
        )}
      </Stack>
      <Typography variant="body2">
        <Link component={RouterLink} to={wizard.backPath}>
          {translate(wizard.texts.back, wizard.params)}
        </Link>
      </Typography>
    </Stack>
  );
}

function UploadProgress({ progress }: { progress: Progress }) {
  const translate = useTranslate();
  const determinate = progress.phase === 'uploading' && progress.percent !== null;
  const text =
    progress.phase === 'checking'
      ? translate('screens.import.upload.checking')
      : translate('screens.import.upload.uploading', { percent: progress.percent ?? 0 });
  return (
    <Box role="status" aria-live="polite" data-testid="import-progress">
      <Typography variant="body2">{text}</Typography>
      <LinearProgress
        variant={determinate ? 'determinate' : 'indeterminate'}
        value={determinate ? progress.percent ?? 0 : undefined}
        aria-label={text}
      />
    </Box>
  );
}
