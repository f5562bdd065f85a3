/**
 * What differs between the import wizards (docs/import.md): shipments at /shipments/import/*, and the
 * customers of one batch at /batches/:id/batch_items/import/*. The steps, the table and the API calls are
 * shared; each kind names its pages, API path, columns, counts, texts and where a save lands.
 */
import { createContext, useContext } from 'react';
import { BATCH_ITEM_IMPORT_FIELDS, SHIPMENT_IMPORT_FIELDS, type ImportField, type ImportKind } from '../../../../core/import/fields.js';
import { nestedPath } from '../../components/nested.js';

export const IMPORT_STEPS = ['upload', 'preview', 'save'] as const;
export type ImportStep = (typeof IMPORT_STEPS)[number];

/** Beyond this many ids a list link would make an unwieldy URL: link the plain list instead. */
const MAX_IDS_IN_URL = 200;

/** A list page narrowed to the created ids (when there are not too many of them). */
export function createdListPath(listPath: string, ids: number[]): string {
  if (!ids.length || ids.length > MAX_IDS_IN_URL) return listPath;
  return `${listPath}?${new URLSearchParams({ filter: JSON.stringify({ id: ids }) })}`;
}

export interface ImportWizard {
  kind: ImportKind;
  /** The core ROUTES name that guards the wizard's pages (and shows its button). */
  route: string;
  /** The wizard's pages are `${base}/${step}`. */
  base: string;
  /** The API endpoints' path under /api (template, upload, :id/preview, :id/save). */
  api: string;
  /** The steps shown; without 'save' a successful save goes straight to `landing`. */
  steps: readonly ImportStep[];
  fields: readonly ImportField[];
  /** The preview's count chips after rows / valid / invalid (keys of screens.import.preview.counts). */
  counts: readonly string[];
  /** Superadmin and support pick the merchant the records are for (shipments). */
  chooseMerchant: boolean;
  /** sessionStorage key of the wizard's state. */
  storageKey: string;
  /** i18n keys of the kind's own texts. */
  texts: {
    title: string;
    intro: string;
    saving: string;
    /** The link back to where the wizard was opened from. */
    back: string;
    /** The notice after a save that lands on the list (kinds without a 'save' step). */
    done?: string;
    /** Hints for refused files that differ from screens.import.hints. */
    hints?: Partial<Record<string, string>>;
  };
  /** Parameters of the texts (e.g. the batch name). */
  params?: Record<string, string | number>;
  /** Where `texts.back` goes. */
  backPath: string;
  /** The list the created records are shown on. */
  listPath: string;
}

export const SHIPMENT_WIZARD: ImportWizard = {
  kind: 'shipments',
  route: 'shipments-import',
  base: '/shipments/import',
  api: 'shipments/import',
  steps: IMPORT_STEPS,
  fields: SHIPMENT_IMPORT_FIELDS,
  counts: ['shipments', 'packages'],
  chooseMerchant: true,
  storageKey: 'lockerline.import-wizard',
  texts: { title: 'screens.import.title', intro: 'screens.import.intro', saving: 'screens.import.preview.saving', back: 'screens.import.save.all_shipments' },
  backPath: '/shipments',
  listPath: '/shipments',
};

/** The customers of one batch: opened from the batch page, lands on the batch's customer list. */
export function batchItemWizard(batchId: number | string, batchName?: string): ImportWizard {
  return {
    kind: 'batch_items',
    route: 'batch_items-import',
    base: `${nestedPath('batches', 'batch_items', batchId)}/import`,
    api: `batches/${encodeURIComponent(batchId)}/items/import`,
    steps: ['upload', 'preview'],
    fields: BATCH_ITEM_IMPORT_FIELDS,
    counts: ['items'],
    chooseMerchant: false,
    storageKey: `lockerline.import-wizard.batch.${batchId}`,
    texts: {
      title: 'screens.import.customers.title',
      intro: 'screens.import.customers.intro',
      saving: 'screens.import.customers.saving',
      back: 'screens.import.customers.back',
      done: 'screens.import.customers.done',
      hints: { empty: 'screens.import.customers.hints.empty', no_rows: 'screens.import.customers.hints.no_rows' },
    },
    params: { name: batchName ?? `#${batchId}` },
    backPath: `/batches/${batchId}`,
    listPath: nestedPath('batches', 'batch_items', batchId),
  };
}

export const stepPathOf = (wizard: ImportWizard, step: ImportStep, id?: string | null) =>
  `${wizard.base}/${step}${id ? `?id=${encodeURIComponent(id)}` : ''}`;

const WizardContext = createContext<ImportWizard>(SHIPMENT_WIZARD);
export const ImportWizardProvider = WizardContext.Provider;
export const useImportWizard = () => useContext(WizardContext);
