/**
 * The import wizard's small state: the upload id travels in the URL (`?id=`) and is mirrored in
 * sessionStorage, with the file name and the save result, so a reload (or a step link without `?id=`)
 * resumes where the user was. Nothing here talks to the API.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export const IMPORT_STEPS = ['upload', 'preview', 'save'] as const;
export type ImportStep = (typeof IMPORT_STEPS)[number];

export const IMPORT_BASE = '/shipments/import';
export const stepPath = (step: ImportStep, id?: string | null) => `${IMPORT_BASE}/${step}${id ? `?id=${encodeURIComponent(id)}` : ''}`;

export interface ImportCounts {
  rows: number;
  valid: number;
  invalid: number;
  shipments: number;
  packages: number;
}

export interface WizardState {
  /** The server-side upload between the steps (gone after a successful save). */
  id?: string;
  fileName?: string;
  merchantId?: number | null;
  /** What the save created (kept for the summary after a reload). */
  result?: { created: number[]; counts: ImportCounts; fileName?: string };
}

const STORAGE_KEY = 'lockerline.import-wizard';
const UPLOAD_ID = /^[0-9a-f]{32}$/i;

export function readWizard(): WizardState {
  try {
    const raw = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as WizardState) : {};
  } catch {
    return {};
  }
}

export function writeWizard(state: WizardState): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    /* storage full or disabled: the URL still carries the id */
  }
}

export const clearWizard = () => writeWizard({});

/** The state plus the upload id from the URL (which wins over storage when both exist). */
export function useWizardState() {
  const [params] = useSearchParams();
  const urlId = params.get('id');
  const stored = readWizard();
  const id = urlId && UPLOAD_ID.test(urlId) ? urlId : stored.id;
  const state: WizardState = urlId && urlId !== stored.id ? { id } : { ...stored, id };
  const update = useCallback((next: WizardState) => writeWizard(next), []);
  return { state, update };
}
