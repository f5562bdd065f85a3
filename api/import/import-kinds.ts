/**
 * What differs between the things the import wizard creates (shipments of a merchant, customers of a
 * batch): how a file is checked against the target's data, how many records a save would create, and
 * how they are stored. api/import/upload.service.ts runs the upload -> preview -> save steps for any kind;
 * api/import/routes.ts mounts them per kind.
 */
import { DomainError } from '../../core/errors.js';
import type { ImportKind } from '../../core/import/fields.js';
import type { HeaderMapping } from '../../core/import/headers.js';
import type { ImportCounts, ImportRowResult } from '../../core/import/rows.js';
import type { Db, ServiceContext } from '../resources/access.js';
import type { ImportFormat } from './detect.js';
import type { ImportSource, ReadOptions } from './read-import-file.js';

/** Where the records go: a merchant's shipments, or a batch's customers (batchId set). */
export interface ImportTarget {
  merchantId: number;
  batchId: number | null;
}

export interface CheckOptions extends ReadOptions {
  /** 'invalid' (default) keeps only the rows with errors: memory stays small on large files. */
  keepRows?: 'all' | 'invalid';
}

/** A checked file: the rows kept (invalid ones by default) and the counts (rows, valid, invalid, then the kind's own). */
export interface CheckedImport {
  format: ImportFormat;
  header: HeaderMapping;
  rows: ImportRowResult[];
  counts: ImportCounts;
}

export interface ImportKindService<C extends CheckedImport = CheckedImport> {
  kind: ImportKind;
  /** Reads and checks a file for the target (nothing is written). File refusals throw coded errors. */
  check(ctx: ServiceContext, source: ImportSource, target: ImportTarget, options?: CheckOptions): Promise<C>;
  /** How many records saving the checked file would create. */
  creates(checked: C): number;
  /**
   * Stores the valid records in ONE transaction (a failure writes nothing); returns their ids in file order.
   * `claim` runs first inside that transaction (the wizard spends its upload there: StoreClaim).
   */
  store(ctx: ServiceContext, target: ImportTarget, checked: C, claim?: StoreClaim): Promise<number[]>;
}

/**
 * Work a save does first inside its transaction, refusing (throwing) to go on: the wizard deletes the upload being
 * saved, so of two saves of one upload at once (a double click, two tabs) only the first stores its rows; the
 * other waits for it (PostgreSQL: the row lock of the delete; SQLite: one write transaction at a time), finds the
 * upload gone and answers 404, as a second save a moment later does.
 */
export type StoreClaim = (trx: Db) => Promise<void>;

/** The save rule: invalid rows block the save unless only the valid rows are wanted; nothing to create is refused. */
export function assertSavable(counts: ImportCounts, creates: number, onlyValid: boolean): void {
  if (counts.invalid > 0 && !onlyValid) throw new DomainError('import.invalid_rows', 'import.invalid_rows', { params: { smart_count: counts.invalid } });
  if (creates === 0) throw new DomainError('import.nothing_to_import');
}
