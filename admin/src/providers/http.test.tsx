/** buildQuery writes what qs.stringify would (the API parses queries with qs), without qs in the bundle. */
import fc from 'fast-check';
import { stringify } from 'qs';
import { describe, expect, it } from 'vitest';
import { buildQuery } from './http.js';

const viaQs = (query: Record<string, unknown>) =>
  stringify(query, { arrayFormat: 'indices', encodeValuesOnly: true, skipNulls: true });

const key = fc.stringMatching(/^[a-z_]{1,8}$/);
const scalar = fc.oneof(fc.string({ unit: 'grapheme' }), fc.integer(), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null), fc.constant(undefined));
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, scalar, fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(key, tie('node'), { maxKeys: 3 })),
})).node;

describe('buildQuery', () => {
  it('matches qs for list queries: indexed filters, skipped nulls, encoded values', () => {
    const query = { page: 2, sort: '-updated_at', search: "a b&c=d/é!'()*", filters: { status: [20, 30], merchant_id: [4], none: null }, light: true };
    expect(buildQuery(query)).toBe(viaQs(query));
    expect(decodeURIComponent(buildQuery(query))).toBe(
      "page=2&sort=-updated_at&search=a b&c=d/é!'()*&filters[status][0]=20&filters[status][1]=30&filters[merchant_id][0]=4&light=true",
    );
    expect(buildQuery({ at: new Date('2025-01-02T03:04:05Z') })).toBe(viaQs({ at: new Date('2025-01-02T03:04:05Z') }));
  });

  it('matches qs for any nesting of objects, arrays and scalars', () => {
    fc.assert(fc.property(fc.dictionary(key, value, { maxKeys: 4 }), (query) => buildQuery(query) === viaQs(query)));
  });
});
