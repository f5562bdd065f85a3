/**
 * The generated sections of docs/permissions.md and docs/state-machines.md (core/docs/rules-docs.ts) with the
 * route table read from a real app: builds one on an empty in-memory database and lists its guarded routes.
 */
import { readFileSync } from 'node:fs';
import { ruleDocBlocks, withGeneratedBlocks } from '../core/docs/rules-docs.js';
import { openDatabase } from './db/database.js';
import { guardedRoutes } from './plugins/route-guard.js';
import { buildApp } from './server.js';

/** Each doc (path from the repository root) -> its text as committed and as generated. */
export async function generatedRuleDocs(root: URL): Promise<{ doc: string; current: string; expected: string }[]> {
  const database = await openDatabase({ sqliteFile: ':memory:' });
  const app = await buildApp({ db: database });
  try {
    await app.ready();
    return Object.entries(ruleDocBlocks(guardedRoutes(app))).map(([doc, blocks]) => {
      const current = readFileSync(new URL(doc, root), 'utf8');
      return { doc, current, expected: withGeneratedBlocks(doc, current, blocks) };
    });
  } finally {
    await app.close();
    await database.close();
  }
}
