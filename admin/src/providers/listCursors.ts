/**
 * Cursors of list pages (docs/resources.md, "Deep pages"): the API answers each full page with `meta.next`,
 * naming its last row. Remembering it per list query lets the next page ask `after=<cursor>`, so the server
 * seeks to it through the sort's index instead of skipping every row before; other pages go by number alone.
 */
const MAX_LISTS = 50;
const cursors = new Map<string, { page: number; next: string }>();

const keyOf = (resource: string, query: Record<string, unknown>) => {
  const { page: _page, after: _after, ...rest } = query;
  void _page;
  void _after;
  return `${resource}?${JSON.stringify(rest)}`;
};

/** The cursor to send for `query.page` of this list: the one the page before it answered, if known. */
export function cursorFor(resource: string, query: Record<string, unknown>): string | undefined {
  const known = cursors.get(keyOf(resource, query));
  return known && known.page === Number(query.page) - 1 ? known.next : undefined;
}

/** Remembers the cursor a page answered (the least recently used lists are forgotten beyond MAX_LISTS). */
export function rememberCursor(resource: string, query: Record<string, unknown>, next: string | undefined): void {
  const key = keyOf(resource, query);
  cursors.delete(key);
  if (!next) return;
  cursors.set(key, { page: Number(query.page), next });
  if (cursors.size > MAX_LISTS) cursors.delete(cursors.keys().next().value!);
}
