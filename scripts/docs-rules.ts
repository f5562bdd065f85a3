/**
 * `npm run docs:rules`: rewrites the generated sections of docs/permissions.md and docs/state-machines.md from
 * core (policies, named permissions, machines) and the routes the server registers. tests/api/rules-docs.test.ts
 * fails until the committed docs match.
 */
import { writeFileSync } from 'node:fs';
import { generatedRuleDocs } from '../api/rules-docs.js';

const root = new URL('../', import.meta.url);
for (const { doc, current, expected } of await generatedRuleDocs(root)) {
  if (current === expected) console.log(`${doc}: up to date`);
  else {
    writeFileSync(new URL(doc, root), expected);
    console.log(`${doc}: regenerated`);
  }
}
