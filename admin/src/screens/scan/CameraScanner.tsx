/**
 * Camera barcode scanning with the Barcode Detection API. Shown only where the device has a camera and
 * the API (feature-detected); elsewhere the scan field and a wedge scanner do the job.
 */
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { barcodeDetectorCtor, canScanWithCamera, startCameraPreview } from './camera.js';

const FORMATS = ['code_128', 'code_39', 'ean_13', 'qr_code'];

export function CameraScanner({ onScan, disabled }: { onScan: (code: string) => void; disabled?: boolean }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const supported = canScanWithCamera();

  useEffect(() => {
    if (!open) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const Detector = barcodeDetectorCtor()!;
    let detector: InstanceType<typeof Detector>;
    try {
      detector = new Detector({ formats: FORMATS });
    } catch {
      detector = new Detector();
    }
    const tick = async () => {
      const video = videoRef.current;
      if (stopped || !video) return;
      try {
        if (video.readyState >= 2) {
          const [found] = await detector.detect(video);
          if (found?.rawValue && !stopped) {
            setOpen(false);
            onScan(found.rawValue);
            return;
          }
        }
      } catch {
        /* a frame that could not be read: try the next one */
      }
      timer = setTimeout(tick, 250);
    };
    const stopCamera = startCameraPreview(videoRef, { onPlaying: () => void tick(), onFailed: () => setFailed(true) });
    return () => {
      stopped = true;
      clearTimeout(timer);
      stopCamera();
    };
  }, [open, onScan]);

  if (!supported) return null;
  return (
    <>
      <Button variant="outlined" onClick={() => { setFailed(false); setOpen(true); }} disabled={disabled} sx={{ minHeight: 40 }}>
        {translate('screens.ops.camera.open')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth aria-labelledby="camera-scanner-title">
        <DialogTitle id="camera-scanner-title">{translate('screens.ops.camera.title')}</DialogTitle>
        <DialogContent>
          {failed ? (
            <Alert severity="warning">{translate('screens.ops.camera.failed')}</Alert>
          ) : (
            <video ref={videoRef} muted playsInline aria-label={translate('screens.ops.camera.preview')} style={{ width: '100%', borderRadius: 4 }} />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
