/**
 * How fast this machine's core runs plain JavaScript today: the bench's figures only compare with figures from the same
 * speed, and the shared machines here have measured 2-4x apart from one session to the next. A fixed piece of a list
 * request's kind of work (a 25-row page built, turned to JSON and back, a query string parsed) is repeated for about
 * a second in five batches; the median batch's time per repetition is printed as `machine-probe` (docs/testing.md).
 */
import { performance } from 'node:perf_hooks';
import qs from 'qs';

const QUERY = 'page=3&perPage=25&sort=-updated_at&filters%5Bstatus%5D%5B0%5D=90&filters%5Bmerchant_id%5D%5B0%5D=4&after=eyJ2IjoiMjAyNi0xMS0yNSJ9';

function once(seed: number): number {
  const rows = Array.from({ length: 25 }, (_, i) => ({
    id: seed + i,
    reference_id: `LL${seed + i}`,
    status: (i % 9) * 10,
    first_name: 'Ana',
    last_name: `Rolle ${i}`,
    email: `ana.rolle${i}@example.com`,
    updated_at: new Date(1_700_000_000_000 + i * 1000).toISOString(),
    actions: ['show', 'edit', 'delete'],
  }));
  const text = JSON.stringify({ data: rows, meta: { total: 1000, page: 3, perPage: 25 } });
  const back = JSON.parse(text) as { data: { id: number }[] };
  const query = qs.parse(QUERY, { depth: 5, arrayLimit: 1000 }) as Record<string, unknown>;
  return back.data.length + Object.keys(query).length;
}

/** Microseconds per repetition: the median of five ~200 ms batches, with the fastest and slowest. */
export function machineProbe(): { us_per_op: number; min_us: number; max_us: number } {
  let sink = 0;
  for (let i = 0; i < 2_000; i++) sink += once(i); // warm-up: compiled before it is timed
  const batches: number[] = [];
  for (let b = 0; b < 5; b++) {
    let n = 0;
    const start = performance.now();
    while (performance.now() - start < 200) for (let i = 0; i < 50; i++, n++) sink += once(n);
    batches.push(((performance.now() - start) * 1000) / n);
  }
  if (sink < 0) console.log(sink); // keeps the work from being optimised away
  batches.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  return { us_per_op: round(batches[2]!), min_us: round(batches[0]!), max_us: round(batches[4]!) };
}
