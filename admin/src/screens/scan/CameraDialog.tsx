/**
 * The camera preview dialog of CameraScanner, fetched when the user opens it (MUI's Dialog stays off the
 * scan screens' first load): reads barcodes from the preview with the Barcode Detection API.
 */
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { barcodeDetectorCtor, startCameraPreview } from './camera.js';

const FORMATS = ['code_128', 'code_39', 'ean_13', 'qr_code'];

export function CameraDialog({ onScan, onClose }: { onScan: (code: string) => void; onClose: () => void }) {
  const translate = useTranslate();
  const [failed, setFailed] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
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
            onClose();
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
  }, [onScan, onClose]);

  return (
    <Dialog open onClose={onClose} fullWidth aria-labelledby="camera-scanner-title">
      <DialogTitle id="camera-scanner-title">{translate('screens.ops.camera.title')}</DialogTitle>
      <DialogContent>
        {failed ? (
          <Alert severity="warning">{translate('screens.ops.camera.failed')}</Alert>
        ) : (
          <video ref={videoRef} muted playsInline aria-label={translate('screens.ops.camera.preview')} style={{ width: '100%', borderRadius: 4 }} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
