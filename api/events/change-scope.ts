/**
 * Which of a batch of changes one listener may hear of (docs/live-updates.md "Scoping"): core `liveAudience` says
 * how; the resource's list restriction (the rule of GET /api/<resource>, api/resources/<name>) decides the rest,
 * asked of the database for the changed ids. Listeners with the same core `liveScopeKey` share the answer.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { RequestActor } from '../http/context.js';
import { liveAudience, liveResourcesOf, liveScopeKey, type LiveChange, type LiveResource } from '../../core/live.js';
import { RESOURCE_MODULES } from '../resources/index.js';
import { BY_ID_VIEW, filteredQuery } from '../resources/list-query.js';
import type { ChangeRow } from './change-log.js';

/** The changes visible to `actor`, one entry per resource (ids in change order, each once). */
export async function visibleChanges(db: Kysely<Database>, actor: RequestActor, rows: ChangeRow[]): Promise<LiveChange[]> {
  const audience = liveAudience(actor);
  const byResource = new Map<LiveResource, ChangeRow[]>();
  for (const row of rows) {
    const list = byResource.get(row.resource);
    if (list) list.push(row);
    else byResource.set(row.resource, [row]);
  }
  const out: LiveChange[] = [];
  for (const resource of liveResourcesOf(actor)) {
    const changed = byResource.get(resource);
    if (!changed) continue;
    const ids = [...new Set(changed.map((r) => r.record_id))];
    let visible: Set<number>;
    if (audience.kind === 'all') visible = new Set(ids);
    else {
      const table = RESOURCE_MODULES[resource].list.table;
      const seen = await filteredQuery(db, 'sqlite', RESOURCE_MODULES[resource].list, BY_ID_VIEW, actor).select(`${table}.id`).where(`${table}.id`, 'in', ids).execute();
      visible = new Set(seen.map((r) => Number(r.id)));
      if (audience.deletionsOf != null) {
        const mine = changed.filter((r) => r.merchant_id === audience.deletionsOf && !visible.has(r.record_id)).map((r) => r.record_id);
        if (mine.length) {
          const existing = await db.selectFrom(resource).select('id').where('id', 'in', mine).execute();
          const stillThere = new Set(existing.map((r) => Number(r.id)));
          for (const id of mine) if (!stillThere.has(id)) visible.add(id);
        }
      }
    }
    const shown = ids.filter((id) => visible.has(id));
    if (shown.length) out.push({ resource, ids: shown });
  }
  return out;
}

/** One batch's answers shared by the listeners with the same scope key. */
export function scopeMemo(db: Kysely<Database>, rows: ChangeRow[]): (actor: RequestActor) => Promise<LiveChange[]> {
  const memo = new Map<string, Promise<LiveChange[]>>();
  return (actor) => {
    const key = liveScopeKey(actor);
    let answer = memo.get(key);
    if (!answer) {
      answer = visibleChanges(db, actor, rows);
      memo.set(key, answer);
    }
    return answer;
  };
}
