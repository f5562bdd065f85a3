/**
 * Named (server-side prepared) statements for the PostgreSQL list pool (docs/resources.md, "PostgreSQL: one round
 * trip per page"). Kysely sends every query unnamed, so PostgreSQL parses, analyses and plans it again on each request
 * (the Parse message and its work are a good share of a 0.2 ms list page). A client of this pool names each distinct SQL text (`l0`, `l1`, …: numbered per process, so
 * two texts never share a name) and pg prepares it once per connection; later executions skip the parse (PostgreSQL
 * still plans each one with its values: custom plans were measured on every list statement, plan_cache_mode auto).
 * At most MAX_NAMED texts are named per process (a list's `in (…)` filters and searches make variants); the rest stay
 * unnamed.
 */
import type pg from 'pg';

export const MAX_NAMED = 500;

export function preparingClient(Client: typeof pg.Client): typeof pg.Client {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_NAMED) names.set(text, (name = `l${names.size}`));
    return name;
  };
  return class PreparingClient extends Client {
    // Kysely's driver calls query(text, values); other shapes (config objects, streams) pass through unchanged.
    query(...args: any[]): any {
      const [text, values] = args;
      if (typeof text === 'string' && Array.isArray(values) && args.length === 2) {
        const name = nameOf(text);
        if (name) return super.query({ name, text, values } as any);
      }
      return (super.query as (...a: any[]) => any)(...args);
    }
  } as unknown as typeof pg.Client;
}
