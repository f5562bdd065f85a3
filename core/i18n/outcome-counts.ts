/**
 * Outcome summaries, apart from the catalogues so that a screen using them does not load every language
 * (the admin loads the Spanish catalogue on demand).
 */
type Params = Record<string, string | number>;

/**
 * "2 done", "1 refused" (es: "1 hecho", "2 hechos") for summaries such as `operations.bulk.summary`: each
 * count gets its own plural form, which one phrase with two numbers cannot. `t` is any translator
 * (react-admin's translate or makeTranslator).
 */
export function outcomeCounts(t: (key: string, params?: Params) => string, done: number, refused: number, dryRun = false): { done: string; refused: string } {
  return {
    done: t(dryRun ? 'operations.counts.would_be_done' : 'operations.counts.done', { smart_count: done }),
    refused: t(dryRun ? 'operations.counts.would_be_refused' : 'operations.counts.refused', { smart_count: refused }),
  };
}
