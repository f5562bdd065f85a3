/**
 * The import wizard's small state: the upload id travels in the URL (`?id=`) and is mirrored in
 * sessionStorage (one entry per wizard: shipments, each batch's customers), with the file name and the
 * save result, so a reload (or a step link without `?id=`) resumes where the user was. Nothing here talks
 * to the API.
 */
import type { ImportCounts } from '../../../../core/contract/index.js';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { stepPathOf, useImportWizard, type ImportStep } from './importKinds.js';

export type { ImportStep };

/** rows / valid / invalid, then the kind's own counts (shipments and packages, or items): core/contract's wire type. */
export type { ImportCounts };

export interface WizardState {
  /** The server-side upload between the steps (gone after a successful save). */
  id?: string;
  fileName?: string;
  merchantId?: number | null;
  /** What the save created (kept for the summary after a reload). */
  result?: { created: number[]; counts: ImportCounts; fileName?: string };
}

const UPLOAD_ID = /^[0-9a-f]{32}$/i;

export function readWizard(key: string): WizardState {
  try {
    const raw = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as WizardState) : {};
  } catch {
    return {};
  }
}

export function writeWizard(key: string, state: WizardState): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(state));
  } catch {
    /* storage full or disabled: the URL still carries the id */
  }
}

/** The current wizard's state (the upload id from the URL wins over storage), its storage and its step links. */
export function useWizardState() {
  const wizard = useImportWizard();
  const [params] = useSearchParams();
  const key = wizard.storageKey;
  const urlId = params.get('id');
  const stored = readWizard(key);
  const id = urlId && UPLOAD_ID.test(urlId) ? urlId : stored.id;
  const state: WizardState = urlId && urlId !== stored.id ? { id } : { ...stored, id };
  const write = useCallback((next: WizardState) => writeWizard(key, next), [key]);
  const clear = useCallback(() => writeWizard(key, {}), [key]);
  const stepPath = useCallback((step: ImportStep, uploadId?: string | null) => stepPathOf(wizard, step, uploadId), [wizard]);
  return { wizard, state, read: () => readWizard(key), write, clear, stepPath };
}
