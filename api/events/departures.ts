/**
 * Packages that left a store user's or driver's scope (docs/live-updates.md "Scoping"). The scope lookup happens after
 * a change, so a package picked up by another driver, checked in elsewhere, handed over or cancelled is no longer
 * theirs and would not be announced: their driver screen would go on showing it. Each such stream remembers the
 * package ids its user may have on screen (the device's known list when the stream opens, GET /api/scans/known's
 * rule, and every package id announced since); a change of one of them that is no longer visible is announced once
 * (the user knew the id; the client refetches and finds it gone), then forgotten. Core `liveAudience` says who.
 */
import type { Kysely } from 'kysely';
import { SCAN_KNOWN_CAP } from '../../core/policies/scans.policy.js';
import { liveAudience, type LiveChange } from '../../core/live.js';
import type { Database } from '../db/tables.js';
import type { RequestActor } from '../http/context.js';
import { knownPackageIds } from '../resources/scans/known-packages.js';
import type { ChangeRow } from './change-log.js';

/** Ids remembered per stream at most (the oldest are forgotten first). */
const REMEMBERED = 2 * SCAN_KNOWN_CAP;

export class DepartureWatch {
  private constructor(private readonly known: Set<number>) {}

  /** The watch of a stream, or null when its user hears of every record they knew otherwise (admins, merchant roles). */
  static async open(db: Kysely<Database>, actor: RequestActor): Promise<DepartureWatch | null> {
    const audience = liveAudience(actor);
    if (audience.kind !== 'scoped' || !audience.departures) return null;
    return new DepartureWatch(new Set(await knownPackageIds(db, actor)));
  }

  /** `changes` (visible to the user, shared with other streams: not changed) plus the departures among `rows`. */
  follow(changes: LiveChange[], rows: ChangeRow[]): LiveChange[] {
    const entry = changes.find((c) => c.resource === 'packages');
    const visible = new Set(entry?.ids ?? []);
    const departed: number[] = [];
    for (const row of rows) {
      if (row.resource === 'packages' && !visible.has(row.record_id) && this.known.delete(row.record_id)) departed.push(row.record_id);
    }
    for (const id of visible) {
      this.known.delete(id); // re-inserted last: the most recent is forgotten last
      this.known.add(id);
    }
    for (const id of this.known) {
      if (this.known.size <= REMEMBERED) break;
      this.known.delete(id);
    }
    if (!departed.length) return changes;
    const packages: LiveChange = { resource: 'packages', ids: [...(entry?.ids ?? []), ...departed] };
    return entry ? changes.map((c) => (c === entry ? packages : c)) : [...changes, packages];
  }
}
