/**
 * Camera barcode scanning with the Barcode Detection API. Shown only where the device has a camera and
 * the API (feature-detected); elsewhere the scan field and a wedge scanner do the job. The preview dialog
 * (CameraDialog) is fetched when opened.
 */
import { Button } from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslate } from 'react-admin';
import { onDemand } from '../../layout/onDemand.js';
import { canScanWithCamera } from './camera.js';

const CameraDialog = onDemand(() => import('./CameraDialog.js').then((m) => m.CameraDialog));

export function CameraScanner({ onScan, disabled }: { onScan: (code: string) => void; disabled?: boolean }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  if (!canScanWithCamera()) return null;
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)} disabled={disabled} sx={{ minHeight: 40 }}>
        {translate('screens.ops.camera.open')}
      </Button>
      {open && <CameraDialog onScan={onScan} onClose={close} />}
    </>
  );
}
