/**
 * What the importer needs from the database, supplied by the caller (the API and the CLI build one per
 * merchant; tests use `memoryImportContext`). Lookups may be sync or async; the importer caches them.
 */
import type { LocationClass } from '../constants.js';

export type Awaitable<T> = T | Promise<T>;

export interface ImportLocation {
  id: number;
  class: LocationClass;
  active: boolean;
}

export interface ImportContext {
  /** The merchant's location with this code or name (code first), or null. */
  resolveLocation(codeOrName: string, kind: 'dropoff' | 'pickup'): Awaitable<ImportLocation | null>;
  /** Which of these order numbers the merchant already has (called in chunks of at most 1,000). */
  existingReferences(references: string[]): Awaitable<Iterable<string>>;
  /** Which of these package barcodes are already in use (chunks of at most 1,000); optional. */
  existingBarcodes?(barcodes: string[]): Awaitable<Iterable<string>>;
  /** The merchant's content types when it has the content feature; null when any text is accepted. */
  contentTypes: readonly string[] | null;
}

/** An in-memory context for tests, the template example and dry runs without a database. */
export function memoryImportContext(options: {
  locations?: ({ code: string; name: string; type?: 'dropoff' | 'pickup' } & ImportLocation)[];
  references?: string[];
  contentTypes?: readonly string[] | null;
}): ImportContext {
  const locations = options.locations ?? [];
  const references = new Set(options.references ?? []);
  return {
    resolveLocation(value, kind) {
      const candidates = locations.filter((l) => (l.type ?? 'dropoff') === kind || kind === 'pickup');
      const lower = value.toLowerCase();
      return (
        candidates.find((l) => l.code.toLowerCase() === lower) ?? candidates.find((l) => l.name.toLowerCase() === lower) ?? null
      );
    },
    existingReferences: (refs) => refs.filter((r) => references.has(r)),
    contentTypes: options.contentTypes ?? null,
  };
}
