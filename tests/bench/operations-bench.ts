/**
 * Operations scenarios of `npm run bench` (issue 3, DESIGN.md section 7), run by tests/bench/run.ts
 * against the server it started:
 * - `scan-checkin`: 50 scanners (store staff, half warehouse, half PUDO, each with its own account,
 *   session and keep-alive connection) doing the quick check-in round trip of the store screen:
 *   GET /api/packages/lookup?barcode= then POST /api/packages/:id/check-in { location_id }, every scan a
 *   different package in transit (50) meant for the scanner's location. Latency is the whole round trip.
 *   Back to back (saturation); `scan-checkin-paced` is the same with one scan per second per scanner.
 * - `bulk-print-1000`: POST /api/shipments/bulk-print { ids } with 1,000 registered shipments (the call the
 *   admin makes), seconds to the last byte and the server's RSS sampled during the download.
 * - `concurrent-pickup`: 50 concurrent pickups of one package by a driver; exactly one may succeed.
 * The rows each scenario needs go straight into the SQLite file with better-sqlite3 (WAL, so the
 * running server is not disturbed), tagged per run so a reused BENCH_DB never clashes.
 */
import { Agent, request as httpRequest } from 'node:http';
import Database from 'better-sqlite3';
import { ROLES } from '../../core/roles.js';

export interface OperationsBenchHooks {
  file: string;
  url: string;
  pid: number | undefined;
  connections: number;
  duration: number;
  warmup: number;
  selected: (name: string) => boolean;
  signIn: (url: string, email: string) => Promise<string>;
  report: (fields: Record<string, unknown>) => void;
  rssMb: (pid: number | undefined, peak?: boolean) => number | undefined;
}

/** Scans prepared per scanner: more than a scanner gets through in warm-up plus the measured seconds. */
const SCANS_PER_SCANNER = 400;
/** scan-checkin-paced: each scanner starts one scan per second, like a person with a hand scanner. */
const SCAN_PACE_MS = 1000;
const PRINT_COUNT = 1000;
const PICKUP_CONCURRENCY = 50;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0);
const xsrfOf = (cookie: string) => decodeURIComponent(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(cookie)?.[1] ?? '');

// ---------------------------------------------------------------------------------------------------
// Direct SQL seeding (the style of seed-large.ts)

interface Seeder {
  sqlite: Database.Database;
  tag: string;
  merchant: number;
  driver: number;
  now: string;
  /** Inserts a shipment with one package per entry of `packages`; returns the package ids. */
  shipment: (status: number, dropoff: number, packages: { status: number; driver: number | null }[]) => { shipment: number; packages: number[]; barcodes: string[] };
}

function openSeeder(file: string): Seeder {
  const sqlite = new Database(file);
  sqlite.pragma('busy_timeout = 10000');
  const tag = Date.now().toString(36).toUpperCase();
  const now = new Date(Date.now() - 3_600_000).toISOString();
  const merchant = (sqlite.prepare('select id from merchants where active = 1 order by id limit 1').get() as { id: number }).id;
  const driver = (sqlite.prepare('select id from users where role = ? and active = 1 order by id limit 1').get(ROLES.driver) as { id: number }).id;
  const insertShipment = sqlite.prepare(
    `insert into shipments (reference_id, external_reference_id, type, payment_type, paid, status, merchant_id, first_name, last_name,
       email, country, locale, dropoff_location_id, package_count, created_at, updated_at)
     values (?, ?, 'standard', 'prepaid', 1, ?, ?, 'Bench', 'Customer', 'bench.customer@example.com', 'BS', 'en', ?, ?, ?, ?)`,
  );
  const insertPackage = sqlite.prepare(
    `insert into packages (barcode, size, status, shipment_id, merchant_id, dropoff_location_id, driver_id, created_at, updated_at)
     values (?, 'SMALL', ?, ?, ?, ?, ?, ?, ?)`,
  );
  let counter = 0;
  return {
    sqlite, tag, merchant, driver, now,
    shipment: (status, dropoff, packages) => {
      const n = counter++;
      const shipment = Number(insertShipment.run(`BR${tag}${n}`, `BENCH-${tag}-${n}`, status, merchant, dropoff, packages.length, now, now).lastInsertRowid);
      const barcodes = packages.map((_, p) => `BP${tag}${n}X${p}`);
      const ids = packages.map((pkg, p) => Number(insertPackage.run(barcodes[p], pkg.status, shipment, merchant, dropoff, pkg.driver, now, now).lastInsertRowid));
      return { shipment, packages: ids, barcodes };
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// A scanner: one account, one keep-alive connection, requests one after another.

interface Answer {
  status: number;
  body: string;
}

function send(agent: Agent, base: URL, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = httpRequest(
      { agent, host: base.hostname, port: base.port, method, path, headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, body: text }));
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

const codeOf = (answer: Answer) => {
  try {
    return `${answer.status} ${(JSON.parse(answer.body) as { code?: string }).code ?? ''}`.trim();
  } catch {
    return String(answer.status);
  }
};

interface Scanner {
  email: string;
  role: number;
  location: number;
  barcodes: string[];
  cookie?: string;
}

/** 50 store accounts (password and hash of the demo PUDO account), half warehouse, half PUDO, spread over the locations. */
function prepareScanners(seed: Seeder, count: number): Scanner[] {
  const { sqlite } = seed;
  const pudos = (sqlite.prepare("select id from locations where class = 'pudo' and type = 'dropoff' and active = 1 order by id").all() as { id: number }[]).map((l) => l.id);
  const warehouses = (sqlite.prepare("select id from locations where class = 'warehouse' and type = 'dropoff' and active = 1 order by id").all() as { id: number }[]).map((l) => l.id);
  if (!pudos.length || !warehouses.length) throw new Error('scan-checkin needs a PUDO and a warehouse drop-off location');
  const hash = (sqlite.prepare("select password_hash from users where email = 'pudo@example.com'").get() as { password_hash: string }).password_hash;
  const insertUser = sqlite.prepare(
    `insert or ignore into users (first_name, last_name, email, password_hash, role, active, created_at, updated_at) values ('Bench', ?, ?, ?, ?, 1, ?, ?)`,
  );
  const userId = sqlite.prepare('select id from users where email = ?');
  const link = sqlite.prepare('insert or ignore into user_locations (user_id, location_id) values (?, ?)');
  const scanners: Scanner[] = [];
  sqlite.transaction(() => {
    for (let i = 0; i < count; i++) {
      const warehouse = i % 2 === 0;
      const role = warehouse ? ROLES.warehouse : ROLES.pudo;
      const location = warehouse ? warehouses[(i / 2) % warehouses.length]! : pudos[Math.floor(i / 2) % pudos.length]!;
      const email = `bench.scanner${String(i).padStart(2, '0')}.${warehouse ? 'warehouse' : 'pudo'}${location}@example.com`;
      insertUser.run(`Scanner ${i}`, email, hash, role, seed.now, seed.now);
      link.run((userId.get(email) as { id: number }).id, location);
      const barcodes: string[] = [];
      // In transit (50) with the driver, meant for this PUDO (a warehouse takes in any drop-off's packages).
      for (let k = 0; k < SCANS_PER_SCANNER; k += 5) {
        const dropoff = warehouse ? pudos[k % pudos.length]! : location;
        barcodes.push(...seed.shipment(50, dropoff, Array.from({ length: 5 }, () => ({ status: 50, driver: seed.driver }))).barcodes);
      }
      scanners.push({ email, role, location, barcodes });
    }
  })();
  return scanners;
}

/**
 * `paceMs` 0: every scanner scans back to back (saturation: latency is mostly queueing, 50 / throughput);
 * otherwise each scanner starts one scan every `paceMs` (a person with a hand scanner), offsets spread.
 */
async function scanCheckin(hooks: OperationsBenchHooks, seed: Seeder, name: string, paceMs: number): Promise<void> {
  const rssBefore = hooks.rssMb(hooks.pid);
  const prepared = performance.now();
  const scanners = prepareScanners(seed, hooks.connections);
  const prepareSeconds = (performance.now() - prepared) / 1000;
  for (let i = 0; i < scanners.length; i += 5) {
    await Promise.all(scanners.slice(i, i + 5).map(async (s) => (s.cookie = await hooks.signIn(hooks.url, s.email))));
  }
  const base = new URL(hooks.url);
  const started = performance.now();
  const measureFrom = started + hooks.warmup * 1000;
  const end = measureFrom + hooks.duration * 1000;
  const roundTrips: number[] = [];
  const lookups: number[] = [];
  const checkins: number[] = [];
  const failures = new Map<string, number>();
  let exhausted = 0;

  const run = async (scanner: Scanner, index: number) => {
    if (paceMs) await sleep((paceMs * index) / scanners.length);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const headers = { cookie: scanner.cookie!, 'x-xsrf-token': xsrfOf(scanner.cookie!), accept: 'application/json' };
    const body = JSON.stringify({ location_id: scanner.location });
    try {
      let next = 0;
      while (performance.now() < end) {
        const barcode = scanner.barcodes[next++];
        if (!barcode) {
          exhausted++;
          return;
        }
        const t0 = performance.now();
        const paced = () => (paceMs ? sleep(t0 + paceMs - performance.now()) : undefined);
        const found = await send(agent, base, 'GET', `/api/packages/lookup?barcode=${encodeURIComponent(barcode)}`, headers);
        const t1 = performance.now();
        if (found.status !== 200) {
          failures.set(`lookup ${codeOf(found)}`, (failures.get(`lookup ${codeOf(found)}`) ?? 0) + 1);
          await paced();
          continue;
        }
        const id = (JSON.parse(found.body) as { data: { id: number } }).data.id;
        const done = await send(agent, base, 'POST', `/api/packages/${id}/check-in`, headers, body);
        const t2 = performance.now();
        if (done.status !== 200) failures.set(`check-in ${codeOf(done)}`, (failures.get(`check-in ${codeOf(done)}`) ?? 0) + 1);
        else if (t0 >= measureFrom) {
          roundTrips.push(t2 - t0);
          lookups.push(t1 - t0);
          checkins.push(t2 - t1);
        }
        await paced();
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(scanners.map(run));
  const elapsedMs = Math.min(performance.now(), end) - measureFrom;
  const sorted = (list: number[]) => list.sort((a, b) => a - b);
  const [trip, lookup, checkin] = [sorted(roundTrips), sorted(lookups), sorted(checkins)];
  hooks.report({
    name,
    p50_ms: round(percentile(trip, 50)),
    p99_ms: round(percentile(trip, 99)),
    rps: round(trip.length / (elapsedMs / 1000), 0),
    scans: trip.length,
    lookup_p50_ms: round(percentile(lookup, 50)),
    lookup_p99_ms: round(percentile(lookup, 99)),
    checkin_p50_ms: round(percentile(checkin, 50)),
    checkin_p99_ms: round(percentile(checkin, 99)),
    scanners: scanners.length,
    pace_ms: paceMs,
    failures: Object.fromEntries(failures),
    exhausted_scanners: exhausted,
    seconds: round(elapsedMs / 1000, 1),
    prepare_seconds: round(prepareSeconds, 1),
    rss_before_mb: rssBefore,
    rss_mb: hooks.rssMb(hooks.pid),
  });
}

// ---------------------------------------------------------------------------------------------------

async function bulkPrint(hooks: OperationsBenchHooks, seed: Seeder): Promise<void> {
  // Registered (10) shipments to a PUDO (no locker compartments to reserve), one package each (0): printing moves both to 20.
  const pudo = (seed.sqlite.prepare("select id from locations where class = 'pudo' and type = 'dropoff' and active = 1 order by id limit 1").get() as { id: number }).id;
  const ids: number[] = [];
  seed.sqlite.transaction(() => {
    for (let i = 0; i < PRINT_COUNT; i++) ids.push(seed.shipment(10, pudo, [{ status: 0, driver: null }]).shipment);
  })();
  const cookie = await hooks.signIn(hooks.url, 'superadmin@example.com');
  // The admin's call (admin/src/screens/operations/operationsClient.ts bulkPrint): the ids in a JSON body.
  const path = '/api/shipments/bulk-print';
  const body = JSON.stringify({ ids });

  const rssBefore = hooks.rssMb(hooks.pid);
  let peak = rssBefore ?? 0;
  const sampler = setInterval(() => (peak = Math.max(peak, hooks.rssMb(hooks.pid) ?? 0)), 50);
  const started = performance.now();
  let status = 0;
  let bytes = 0;
  let pages = 0;
  let failed: string | null = null;
  let error: string | undefined;
  try {
    const res = await fetch(hooks.url + path, {
      method: 'POST',
      headers: { cookie, 'x-xsrf-token': xsrfOf(cookie), 'content-type': 'application/json', accept: 'application/pdf, application/json' },
      body,
    });
    status = res.status;
    failed = res.headers.get('x-print-failed-count');
    const pdf = Buffer.from(await res.arrayBuffer());
    bytes = pdf.length;
    if (status === 200) pages = pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
    else error = pdf.toString('utf8').slice(0, 200);
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, hooks.rssMb(hooks.pid) ?? 0);
  hooks.report({
    name: 'bulk-print-1000',
    seconds: round(seconds, 2),
    status,
    shipments: ids.length,
    pages,
    failed: failed === null ? undefined : Number(failed),
    pdf_mb: round(bytes / 1024 / 1024),
    body_bytes: body.length,
    rss_before_mb: rssBefore,
    peak_rss_mb: round(peak, 1),
    rss_after_mb: hooks.rssMb(hooks.pid),
    ...(error ? { error } : {}),
  });
}

// ---------------------------------------------------------------------------------------------------

async function concurrentPickup(hooks: OperationsBenchHooks, seed: Seeder): Promise<void> {
  const dropoff = (seed.sqlite.prepare("select id from locations where class = 'pudo' and type = 'dropoff' and active = 1 order by id limit 1").get() as { id: number }).id;
  const [id] = seed.shipment(30, dropoff, [{ status: 30, driver: null }]).packages;
  const cookie = await hooks.signIn(hooks.url, 'driver@example.com');
  const headers = { cookie, 'x-xsrf-token': xsrfOf(cookie) };
  const started = performance.now();
  // One connection per request, so all 50 are in flight at once.
  const answers = await Promise.all(
    Array.from({ length: PICKUP_CONCURRENCY }, async () => {
      const agent = new Agent({ keepAlive: false });
      try {
        return await send(agent, new URL(hooks.url), 'POST', `/api/packages/${id}/pickup`, headers, '{}');
      } finally {
        agent.destroy();
      }
    }),
  );
  const refusals: Record<string, number> = {};
  for (const answer of answers) if (answer.status !== 200) refusals[codeOf(answer)] = (refusals[codeOf(answer)] ?? 0) + 1;
  const { status } = seed.sqlite.prepare('select status from packages where id = ?').get(id) as { status: number };
  hooks.report({
    name: 'concurrent-pickup',
    requests: answers.length,
    successes: answers.filter((a) => a.status === 200).length,
    refusals,
    package_status: status,
    seconds: round((performance.now() - started) / 1000, 2),
  });
}

/** Runs the selected operations scenarios (BENCH_ONLY names: scan-checkin, scan-checkin-paced, bulk-print-1000, concurrent-pickup). */
export async function runOperationsBench(hooks: OperationsBenchHooks): Promise<void> {
  // Paced first: the saturation run leaves thousands of customer notifications for the delivery worker.
  const scenarios: [string, (h: OperationsBenchHooks, s: Seeder) => Promise<void>][] = [
    ['scan-checkin-paced', (h, s) => scanCheckin(h, s, 'scan-checkin-paced', SCAN_PACE_MS)],
    ['scan-checkin', (h, s) => scanCheckin(h, s, 'scan-checkin', 0)],
    ['bulk-print-1000', bulkPrint],
    ['concurrent-pickup', concurrentPickup],
  ];
  const chosen = scenarios.filter(([name]) => hooks.selected(name));
  if (!chosen.length) return;
  const seed = openSeeder(hooks.file);
  try {
    for (const [name, scenario] of chosen) {
      try {
        await scenario(hooks, seed);
      } catch (error) {
        hooks.report({ name, error: error instanceof Error ? error.message : String(error) });
      }
    }
  } finally {
    seed.sqlite.close();
  }
}
