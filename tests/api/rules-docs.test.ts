/**
 * docs/permissions.md and docs/state-machines.md carry sections generated from core's policies, permissions and
 * machines and from the routes the server registers (core/docs/rules-docs.ts). After changing a rule or a route,
 * regenerate with `npm run docs:rules`.
 */
import { describe, expect, it } from 'vitest';
import { generatedRuleDocs } from '../../api/rules-docs.js';

describe('generated rule docs', () => {
  it('the committed docs match what `npm run docs:rules` generates', async () => {
    const docs = await generatedRuleDocs(new URL('../../', import.meta.url));
    expect(docs.map((d) => d.doc).sort()).toEqual(['docs/permissions.md', 'docs/state-machines.md']);
    for (const { doc, current, expected } of docs) expect(current, `${doc} is stale: run npm run docs:rules`).toBe(expected);
  }, 60_000);
});
