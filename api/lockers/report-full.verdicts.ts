/**
 * The "report-locker-full" entry of a package's meta.actions (driver screen: the "Locker full?" button): the
 * same rule POST /api/packages/:id/report-locker-full runs (core lockerFullRefusal), with the drop-offs' classes from
 * the locations' 2-second cache (api/resources/name-cache.ts: a list page stays one statement), and only for rows the
 * rule could allow (in transit, not consolidated).
 */
import type { Kysely } from 'kysely';
import type { ErrorCode } from '../../core/errors.js';
import { lockerFullRefusal } from '../../core/policies/lockers.policy.js';
import { can } from '../../core/policies/route.permissions.js';
import type { Database } from '../db/tables.js';
import type { RequestActor } from '../http/context.js';
import type { Row } from '../resources/module.js';
import { relatedValues } from '../resources/related.js';

type Verdict = (row: Row) => ErrorCode | null;

export async function lockerFullVerdict(db: Kysely<Database>, rows: Row[], actor: RequestActor): Promise<Verdict> {
  if (!can(actor, 'lockers.report-full')) return () => 'forbidden';
  const asPackage = (row: Row) => row as { status: number; is_consolidated?: number | null; dropoff_location_id?: number | null };
  // A locker stands in for the drop-off: rows refused whatever their drop-off is need no lookup.
  const ids = [...new Set(rows.map(asPackage).filter((p) => p.dropoff_location_id != null && lockerFullRefusal(p, { class: 'locker' }) === null).map((p) => p.dropoff_location_id!))];
  const classes = ids.length ? await relatedValues(db, ids, 'locations', ['class'], (l) => l.class) : new Map<number, string | null>();
  return (row) => {
    const pkg = asPackage(row);
    const dropoffClass = pkg.dropoff_location_id == null ? null : classes.get(pkg.dropoff_location_id);
    return lockerFullRefusal(pkg, dropoffClass ? { class: dropoffClass } : null);
  };
}
