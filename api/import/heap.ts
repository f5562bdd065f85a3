/**
 * Bulk imports and exports hold one large live set (the checked shipments) and then churn through short-
 * lived insert or write buffers. V8's default heap growth (2-4x the live set after each full GC) then costs
 * 100+ MB of RSS that is mostly garbage. A 30% growth step keeps peak RSS close to the live set for a few
 * percent of CPU. Meant for dedicated processes (the CLI commands, the bench), not the API server.
 */
import v8 from 'node:v8';

export function preferCompactHeap(): void {
  v8.setFlagsFromString('--heap-growing-percent=30');
}
