/** Camera helpers shared by the barcode scanner and the identification capture. */
import type { RefObject } from 'react';

/** Minimal typing of the Barcode Detection API (Chromium on Android, not in the DOM typings). */
interface DetectedBarcode {
  rawValue: string;
}
export interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorCtor = new (options?: { formats?: string[] }) => BarcodeDetectorLike;

export function barcodeDetectorCtor(): BarcodeDetectorCtor | null {
  const ctor = (globalThis as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
  return typeof ctor === 'function' ? ctor : null;
}

export const hasCamera = () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

/** Camera scanning needs both a camera and the Barcode Detection API. */
export const canScanWithCamera = () => hasCamera() && barcodeDetectorCtor() !== null;

export function openCamera(facingMode: 'environment' | 'user' = 'environment'): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({ video: { facingMode }, audio: false });
}

export function stopStream(stream: MediaStream | null | undefined): void {
  stream?.getTracks().forEach((track) => track.stop());
}

/**
 * For an effect: opens the camera into `videoRef` and plays it, then calls `onPlaying`; `onFailed` when
 * the camera is missing or refused. Returns the cleanup that stops the camera (also when it opens late).
 */
export function startCameraPreview(
  videoRef: RefObject<HTMLVideoElement | null>,
  { onPlaying, onFailed }: { onPlaying?: () => void; onFailed: () => void },
): () => void {
  let stream: MediaStream | null = null;
  let stopped = false;
  openCamera('environment')
    .then((s) => {
      stream = s;
      if (stopped) return stopStream(s);
      if (videoRef.current) {
        videoRef.current.srcObject = s;
        void videoRef.current.play().catch(() => undefined);
      }
      onPlaying?.();
    })
    .catch(onFailed);
  return () => {
    stopped = true;
    stopStream(stream);
  };
}
