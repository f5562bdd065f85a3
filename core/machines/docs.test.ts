import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderNeeds, renderPackageTable, renderShipmentTable } from './describe.js';

/**
 * docs/state-machines.md carries tables generated from the machine data between markers.
 * After changing a rule, regenerate with: UPDATE_DOCS=1 npx vitest run --project core core/machines/docs.test.ts
 */
const DOC = new URL('../../docs/state-machines.md', import.meta.url);
const blocks: Record<string, string> = {
  'package-table': renderPackageTable(),
  'shipment-table': renderShipmentTable(),
  needs: renderNeeds(),
};

function withBlocks(text: string): string {
  let out = text;
  for (const [name, body] of Object.entries(blocks)) {
    const pattern = new RegExp(`(<!-- generated:${name} -->\\n)[\\s\\S]*?(<!-- /generated:${name} -->)`);
    if (!pattern.test(out)) throw new Error(`docs/state-machines.md lacks the ${name} markers`);
    out = out.replace(pattern, (_m, open: string, close: string) => `${open}${body}\n${close}`);
  }
  return out;
}

describe('docs/state-machines.md', () => {
  it('has the tables generated from the machine data', () => {
    const text = readFileSync(DOC, 'utf8');
    const expected = withBlocks(text);
    if (process.env.UPDATE_DOCS && expected !== text) writeFileSync(DOC, expected);
    else expect(text).toBe(expected);
  });
});
