/** page / perPage of the small log endpoints (message log, webhook deliveries): defaults 1 and 25, at most 100. */
export function pageOf(query: unknown): { page: number; perPage: number; offset: number } {
  const q = (query ?? {}) as Record<string, unknown>;
  const int = (v: unknown, dflt: number, max: number) => {
    const n = Number(v);
    return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : dflt;
  };
  const page = int(q.page, 1, 1_000_000);
  const perPage = int(q.perPage, 25, 100);
  return { page, perPage, offset: (page - 1) * perPage };
}
