/**
 * Seek pagination behind page numbers (docs/resources.md, "Deep pages"). A list answer carries
 * `meta.next`: an opaque cursor naming its last row (sort value and id) and the query it belongs to. Asking
 * `page=N+1&after=<cursor>` then reads the rows after that one through the sort's index (`(x, id) < (v, k)`),
 * so page 400 costs what page 1 does. A cursor of another page, sort, filter, search or page size is ignored
 * and the page is read by offset instead: same rows, only slower.
 */
import type { ListQuery } from './list-query.js';

export interface Seek {
  value: string | number;
  id: number;
}

/** FNV-1a, 32 bits: a short fingerprint of the query a cursor belongs to (not a security boundary). */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

const queryKey = (q: ListQuery) =>
  fingerprint(JSON.stringify([q.sort.field, q.sort.desc, q.filters, q.search, q.scope, q.perPage]));

/** The cursor of the row ending page `q.page` (for page `q.page + 1`). */
export function encodeCursor(q: ListQuery, row: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify([q.page, queryKey(q), row[q.sort.field], row.id])).toString('base64url');
}

/** The seek position for `q.page` when `q.after` is the cursor of the page before it, for this same query. */
export function decodeCursor(q: ListQuery): Seek | undefined {
  if (!q.after || q.page < 2) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(q.after, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 4) return undefined;
    const [page, key, value, id] = parsed as unknown[];
    if (page !== q.page - 1 || key !== queryKey(q) || !Number.isInteger(id)) return undefined;
    if (typeof value !== 'string' && typeof value !== 'number') return undefined;
    return { value, id: id as number };
  } catch {
    return undefined;
  }
}
