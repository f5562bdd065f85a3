/**
 * How a background pass (campaign scheduler, package expiry and reminders) isolates a row it cannot
 * handle (e.g. an impossible date written straight to the database): the row is skipped, the pass goes
 * on with the others, and the reason is recorded ONCE as an event of the row, queryable as
 *   select * from events where kind = 'skipped' and reason = 'background.bad_row'
 * with `data = { pass, error }`, and logged. See docs/campaigns.md ("A bad row").
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { recordEvent, type SubjectType } from '../events/events.repository.js';

export const SKIPPED_KIND = 'skipped';
export const BAD_ROW_REASON = 'background.bad_row';

export interface SkippedRow {
  subject_type: SubjectType;
  subject_id: number;
  pass: string;
  error: unknown;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/** Records the skip (once per row: a row still bad on the next pass is not recorded again) and logs it. */
export async function recordSkippedRow(db: Kysely<Database>, row: SkippedRow, now: Date, log?: (line: string) => void): Promise<void> {
  const error = messageOf(row.error);
  log?.(`[${row.pass}] skipped ${row.subject_type} ${row.subject_id}: ${error}`);
  try {
    const known = await db
      .selectFrom('events')
      .select('id')
      .where('subject_type', '=', row.subject_type)
      .where('subject_id', '=', row.subject_id)
      .where('kind', '=', SKIPPED_KIND)
      .executeTakeFirst();
    if (known) return;
    await recordEvent(db, {
      subject_type: row.subject_type,
      subject_id: row.subject_id,
      kind: SKIPPED_KIND,
      actor_id: null,
      reason: BAD_ROW_REASON,
      data: { pass: row.pass, error },
      created_at: now.toISOString(),
    });
  } catch (recordError) {
    // Recording must never stop the pass either.
    log?.(`[${row.pass}] could not record the skip of ${row.subject_type} ${row.subject_id}: ${messageOf(recordError)}`);
  }
}
