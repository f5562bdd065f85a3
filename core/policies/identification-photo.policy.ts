/**
 * The photo of a customer's identification taken at a PUDO hand-over (the proof the package went to the right
 * person): the image types it may be, and whether the bytes really are an image of the type they claim. A file
 * only named or labelled `image/jpeg` (a text file, one byte, a page of HTML) is no photo and proves nothing.
 * Used by the live check-out (multipart `image`) and by a synced scan's `identification` alike. Pure, browser-safe.
 */

export const IDENTIFICATION_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type IdentificationPhotoType = (typeof IDENTIFICATION_PHOTO_TYPES)[number];

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** How each type's files begin (JPEG SOI + marker; the PNG signature; RIFF....WEBP). */
const SIGNATURES: Record<IdentificationPhotoType, (bytes: Uint8Array) => boolean> = {
  'image/jpeg': (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]),
  'image/png': (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/webp': (bytes) => startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8),
};

export const isIdentificationPhotoType = (mime: string): mime is IdentificationPhotoType => (IDENTIFICATION_PHOTO_TYPES as readonly string[]).includes(mime);

/** True when `bytes` are an image of the accepted type `mime` says (by their first bytes), false for anything else. */
export function isIdentificationPhoto(mime: string, bytes: Uint8Array): boolean {
  return isIdentificationPhotoType(mime) && SIGNATURES[mime](bytes);
}
