/**
 * The PUDO hand-over photo as the queue keeps and sends it (POST /api/scans/sync `identification`): a JPEG at
 * most 1,600 px on its longer side, at most 2 MB decoded (the server's limit), base64.
 */
export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;
const MAX_SIDE = 1600;
const QUALITIES = [0.85, 0.7, 0.55, 0.4];

function base64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/** Downscales and recompresses the photo until it fits; throws when it cannot be made to fit. */
export async function queuedPhoto(image: Blob): Promise<{ mime: string; data: string }> {
  let blob = image;
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(image);
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    for (const quality of QUALITIES) {
      blob = await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('photo'))), 'image/jpeg', quality));
      if (blob.size <= MAX_PHOTO_BYTES) break;
    }
  }
  if (blob.size > MAX_PHOTO_BYTES) throw new Error('The photo is too large.');
  return { mime: blob.type || 'image/jpeg', data: await base64(blob) };
}
