/**
 * Memory of a process that runs one bulk import or export (the CLI commands, the bench), not of the API server, whose
 * uploads are bounded and whose heap and page cache are tuned for serving lists:
 * - bulk work holds one large live set (the checked shipments) and then churns through short-lived insert or write
 *   buffers; V8's default heap growth (2-4x the live set after each full GC) then costs 100+ MB of RSS that is mostly
 *   garbage. A 30% growth step keeps peak RSS close to the live set for a few percent of CPU;
 * - SQLite connections opened afterwards get a 16 MB page cache instead of 64 (database.ts preferBulkPageCache).
 * Call it before the database is opened.
 */
import v8 from 'node:v8';
import { preferBulkPageCache } from '../db/database.js';

export function preferCompactMemory(): void {
  v8.setFlagsFromString('--heap-growing-percent=30');
  preferBulkPageCache();
}
