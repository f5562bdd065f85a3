/**
 * Two identical writes at once (a double click, two tabs, a retried request): each checks that its e-mail, location
 * code or barcode is free before writing, both checks pass (on PostgreSQL each transaction reads what was committed
 * when it looked; on SQLite a check made outside the write's transaction, e.g. before hashing a password, is just
 * as stale), and the unique index refuses the second insert. Without help that refusal answered 500.
 * `againOnDuplicate` runs such a write once more when the database refused a duplicate: by then the row that won is
 * committed, so the write's own check sees it and answers the coded refusal a second request sent a moment later
 * would have got (422 `user.email_taken`, `validation.unique` on `code` or on the package's `barcode`). A write it
 * wraps must keep every change in the transaction the refusal rolled back (nothing sent, nothing stored before).
 */

/** Whether the database refused a row because a unique index already holds its key (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // better-sqlite3: SQLITE_CONSTRAINT_UNIQUE (a UNIQUE column or index); pg: SQLSTATE 23505 unique_violation.
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/**
 * Runs `write`; when the database refuses it as a duplicate, runs it once more (its check now sees the winner and
 * refuses with its own code). A second refusal is thrown as it is: the write does not check that key itself.
 */
export async function againOnDuplicate<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return write();
  }
}
