/**
 * The customer's identification photo for a PUDO hand-over: live camera (getUserMedia) with snap,
 * retake and submit; where there is no camera or it is refused, a file input (which on phones offers
 * the camera app) does the same job. A chosen file that is no JPEG, PNG or WebP picture is said so at once.
 */
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { isIdentificationPhotoType } from '../../../../core/policies/identification-photo.policy.js';
import { hasCamera, startCameraPreview } from './camera.js';

export interface IdentificationCaptureProps {
  open: boolean;
  busy?: boolean;
  onCancel: () => void;
  onSubmit: (image: Blob) => void;
}

function snapshot(video: HTMLVideoElement): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth || 1280;
  canvas.height = video.videoHeight || 720;
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((done) => canvas.toBlob(done, 'image/jpeg', 0.85));
}

/** A chosen file the hand-over can use: a JPEG, PNG or WebP (what the server takes) that the browser can decode. */
async function readablePhoto(file: File): Promise<boolean> {
  if (!isIdentificationPhotoType(file.type)) return false;
  if (typeof createImageBitmap !== 'function') return true;
  try {
    (await createImageBitmap(file)).close();
    return true;
  } catch {
    return false;
  }
}

export function IdentificationCapture({ open, busy, onCancel, onSubmit }: IdentificationCaptureProps) {
  const translate = useTranslate();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [useFile, setUseFile] = useState(!hasCamera());
  const [cameraFailed, setCameraFailed] = useState(false);
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  /** The file chosen last is no photo the hand-over can use (not an image, or of a type not taken). */
  const [unreadable, setUnreadable] = useState(false);

  // The live camera runs while the dialog is open and no photo is taken.
  useEffect(() => {
    if (!open || useFile || photo) return undefined;
    return startCameraPreview(videoRef, {
      onFailed: () => {
        setCameraFailed(true);
        setUseFile(true);
      },
    });
  }, [open, useFile, photo]);

  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  useEffect(() => {
    if (!open) {
      setPhoto(null);
      setUnreadable(false);
    }
  }, [open]);

  const choose = async (file: File | null) => {
    const usable = file !== null && (await readablePhoto(file));
    setUnreadable(file !== null && !usable);
    setPhoto(usable ? file : null);
  };

  const snap = async () => {
    if (videoRef.current) setPhoto(await snapshot(videoRef.current));
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} fullWidth aria-labelledby="identification-title" aria-describedby="identification-intro">
      <DialogTitle id="identification-title">{translate('screens.ops.identification.title')}</DialogTitle>
      <DialogContent>
        <Typography id="identification-intro" sx={{ mb: 1 }}>
          {translate('screens.ops.identification.intro')}
        </Typography>
        {cameraFailed && <Alert severity="info" sx={{ mb: 1 }}>{translate('screens.ops.identification.no_camera')}</Alert>}
        {unreadable && (
          <Alert severity="error" role="alert" sx={{ mb: 1 }} data-testid="identification-unreadable">
            {translate('screens.ops.identification.unreadable')}
          </Alert>
        )}
        {preview ? (
          <Box component="img" src={preview} alt={translate('screens.ops.identification.preview')} sx={{ width: '100%', borderRadius: 1 }} />
        ) : useFile ? (
          <Button variant="outlined" component="label" fullWidth>
            {translate('screens.ops.identification.choose_file')}
            <input
              hidden
              type="file"
              accept="image/jpeg,image/png,image/webp"
              capture="environment"
              data-testid="identification-file"
              onChange={(e) => void choose(e.target.files?.[0] ?? null)}
            />
          </Button>
        ) : (
          <video ref={videoRef} muted playsInline aria-label={translate('screens.ops.camera.preview')} style={{ width: '100%', borderRadius: 4 }} />
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel} disabled={busy}>{translate('ra.action.cancel')}</Button>
        {!photo && !useFile && <Button variant="contained" onClick={() => void snap()}>{translate('screens.ops.identification.snap')}</Button>}
        {photo && <Button onClick={() => setPhoto(null)} disabled={busy}>{translate('screens.ops.identification.retake')}</Button>}
        {photo && (
          <Button variant="contained" onClick={() => onSubmit(photo)} disabled={busy}>
            {translate('screens.ops.identification.submit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
