/**
 * Seeds a large SQLite database fast: the schema comes from the real migrations and the demo data from
 * fixtures/demo.ts (accounts, merchants, locations); then bulk rows go straight through better-sqlite3
 * prepared statements in big transactions, with the secondary indexes dropped during the load and
 * rebuilt after. Distributions: a few big merchants and a long tail, statuses weighted towards collected,
 * updated_at skewed towards recent days.
 */
import Database from 'better-sqlite3';
import { openDatabase } from '../../api/db/database.js';
import { migrateToLatest } from '../../api/db/migrate.js';
import { luhnCheckDigit } from '../../core/identifiers.js';
import { addCollection, addDelta, DASHBOARD_COLUMNS, type DailyDeltas } from '../../api/resources/dashboard/dashboard-aggregate.js';
import { networkTime } from '../../core/dashboard.js';
import { EXPIRING_PACKAGE_STATUSES, REMINDABLE_PACKAGE_STATUSES } from '../../core/machines/index.js';

export interface SeedOptions {
  file: string;
  packages: number;
  shipments: number;
  /** Deterministic pseudo-random stream. */
  seed?: number;
}

export interface SeedResult {
  seconds: number;
  rows: number;
}

/**
 * Prefixes ("LP" + 6 digits) of 100 real barcodes spread over the table: each matches a handful of
 * packages, like a partly typed or scanned code (the search scenario).
 */
export function barcodePrefixes(file: string, count = 100): string[] {
  const sqlite = new Database(file, { readonly: true });
  try {
    const { max } = sqlite.prepare('select max(id) as max from packages').get() as { max: number | null };
    const pick = sqlite.prepare('select barcode from packages where id >= ? order by id limit 1');
    const prefixes = Array.from({ length: count }, (_, k) => (pick.get(Math.floor(((max ?? 0) * k) / count)) as { barcode: string } | undefined)?.barcode);
    return prefixes.filter((b): b is string => Boolean(b)).map((b) => b.slice(0, 8));
  } finally {
    sqlite.close();
  }
}

/** mulberry32: small, fast, deterministic. */
function randomStream(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function weighted<T>(random: () => number, table: [T, number][]): () => T {
  const total = table.reduce((sum, [, w]) => sum + w, 0);
  return () => {
    let r = random() * total;
    for (const [value, w] of table) if ((r -= w) < 0) return value;
    return table[table.length - 1][0];
  };
}

const SHIPMENT_STATUSES: [number, number][] = [
  [100, 40], [90, 12], [70, 3], [60, 3], [50, 8], [30, 5], [20, 5], [10, 2], [0, 8],
  [-40, 4], [-45, 1], [-50, 2], [-90, 4], [-100, 2], [-200, 1],
];
const SIZES: [string, number][] = [['SMALL', 50], ['MEDIUM', 30], ['LARGE', 15], ['OVERSIZED', 5]];
const FIRST = ['Ava', 'Ben', 'Carla', 'Dmitri', 'Elena', 'Felix', 'Grace', 'Hugo', 'Ines', 'Jamal', 'Keisha', 'Luis', 'Maya', 'Nia'];
const LAST = ['Adderley', 'Bethel', 'Cartwright', 'Darville', 'Ferguson', 'Gibson', 'Knowles', 'Major', 'Rolle', 'Smith', 'Taylor'];

/** Bijective scramble of i into 11 digits, so sequential rows get unique random-looking barcodes. */
const barcodeOf = (i: number) => {
  const payload = String((i * 7_919_191 + 12_345_678_901) % 100_000_000_000).padStart(11, '0');
  return `LP${payload}${luhnCheckDigit(payload)}`;
};
const referenceOf = (i: number) => {
  const payload = String((i * 7_919 + 100_000_000) % 1_000_000_000).padStart(9, '0');
  return `LL${payload}${luhnCheckDigit(payload)}`;
};

export async function seedLarge(options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const random = randomStream(options.seed ?? 42);

  // 1. Schema and demo data through the application's own code.
  const database = await openDatabase({ sqliteFile: options.file });
  await migrateToLatest(database);
  const { seedDemo } = await import('../../fixtures/demo.js');
  await seedDemo(database.db);
  await database.close();

  // 2. Bulk rows.
  const sqlite = new Database(options.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('cache_size = -200000');
  sqlite.pragma('temp_store = MEMORY');

  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const DAY = 86_400_000;

  const insertMerchant = sqlite.prepare(
    `insert into merchants (name, active, features, channels, created_at, updated_at) values (?, 1, 0, 1, ?, ?)`,
  );
  sqlite.transaction(() => {
    for (let i = 1; i <= 18; i++) insertMerchant.run(`Bench Merchant ${String(i).padStart(2, '0')}`, iso(now), iso(now));
  })();
  const merchants = (sqlite.prepare('select id from merchants order by id').all() as { id: number }[]).map((m) => m.id);
  const locations = sqlite.prepare("select id, class from locations where type = 'dropoff'").all() as { id: number; class: string }[];
  const warehouses = (sqlite.prepare("select id from locations where class = 'warehouse'").all() as { id: number }[]).map((l) => l.id);
  const driver = (sqlite.prepare('select id from users where role = 64 limit 1').get() as { id: number } | undefined)?.id ?? null;
  if (!locations.length) throw new Error('the demo data has no drop-off locations');

  // Zipf-like merchant weights: the first merchants are the big ones.
  const pickMerchant = weighted(random, merchants.map((id, rank) => [id, 1 / (rank + 1)] as [number, number]));
  const pickStatus = weighted(random, SHIPMENT_STATUSES);
  const pickSize = weighted(random, SIZES);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];

  const existing = new Set(
    (sqlite.prepare('select reference_id as v from shipments union all select barcode from packages').all() as { v: string }[]).map((r) => r.v),
  );

  // Drop the secondary indexes during the load (unique constraints stay), rebuild them after.
  const indexes = sqlite
    .prepare("select name, sql from sqlite_master where type = 'index' and tbl_name in ('shipments', 'packages') and sql is not null")
    .all() as { name: string; sql: string }[];
  for (const index of indexes) sqlite.exec(`drop index "${index.name}"`);
  // The live-updates change log (migration 019) is no part of a bulk load: its triggers are off meanwhile.
  const changeTriggers = sqlite
    .prepare("select name, sql from sqlite_master where type = 'trigger' and tbl_name in ('shipments', 'packages') and name like '%change_log%'")
    .all() as { name: string; sql: string }[];
  for (const trigger of changeTriggers) sqlite.exec(`drop trigger "${trigger.name}"`);

  const insertShipment = sqlite.prepare(
    `insert into shipments (reference_id, external_reference_id, type, payment_type, paid, status, merchant_id, first_name, last_name,
       email, country, locale, dropoff_location_id, package_count, created_at, updated_at)
     values (?, ?, ?, 'prepaid', 1, ?, ?, ?, ?, ?, 'BS', 'en', ?, ?, ?, ?)`,
  );
  const insertPackage = sqlite.prepare(
    `insert into packages (barcode, size, status, shipment_id, merchant_id, location_id, dropoff_location_id, driver_id,
       available_at, expires_at, reminder_sent_for, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );

  const S = options.shipments;
  const P = options.packages;
  const average = P / S;
  let packagesLeft = P;
  let barcodeCounter = 0;
  let referenceCounter = 0;
  const nextUnique = (make: (i: number) => string, bump: () => number) => {
    let value = make(bump());
    while (existing.has(value)) value = make(bump());
    return value;
  };
  const CHUNK = 10_000;
  // The dashboard's daily aggregate (migration 022) for the bulk packages, which have no events: what their
  // statuses say happened (arrived the day they became available, collected / expired / returned on their last
  // update), plus a few extensions and reroutes, through the same helpers the API keeps it with.
  const kpi: DailyDeltas = new Map();
  const kpiRandom = randomStream(7); // its own stream: the seeded rows stay those of earlier runs
  const kpiOf = (status: number, merchant: number, dropoff: number, available: string | null, updated: string, count: number) => {
    if (!available || status === -90) return;
    const put = (at: string, column: string) => addDelta(kpi, networkTime(at).day, merchant, dropoff, column, count);
    put(available, 'arrived');
    if (status === 100) {
      put(updated, 'collected');
      addCollection(kpi, updated, merchant, dropoff, available, count);
    }
    if ([-40, -45, -50, -100].includes(status)) put(updated, 'expired');
    if (status === -50 || status === -100) put(updated, 'returned');
    if (kpiRandom() < 0.08) put(available, 'extended');
    if (kpiRandom() < 0.03) put(available, 'rerouted');
  };

  for (let from = 0; from < S; from += CHUNK) {
    sqlite.transaction(() => {
      for (let s = from; s < Math.min(S, from + CHUNK); s++) {
        const shipmentsLeft = S - s;
        // Between 1 and about twice the average, and exactly what is left for the last shipment.
        let count = shipmentsLeft === 1 ? packagesLeft : 1 + Math.floor(random() * (2 * average - 1));
        count = Math.max(1, Math.min(count, packagesLeft - (shipmentsLeft - 1)));
        packagesLeft -= count;

        const status = pickStatus();
        const merchant = pickMerchant();
        const dropoff = pick(locations).id;
        const age = random() * random() * 365 * DAY; // skewed towards recent updates
        const updated = now - age;
        const created = updated - random() * 10 * DAY;
        const first = pick(FIRST);
        const last = pick(LAST);
        const reference = nextUnique(referenceOf, () => referenceCounter++);
        const { lastInsertRowid } = insertShipment.run(
          reference,
          `ORD-${100000 + s}`,
          random() < 0.2 ? 'express' : 'standard',
          status,
          merchant,
          first,
          last,
          `${first}.${last}${s}@example.com`.toLowerCase(),
          dropoff,
          count,
          iso(created),
          iso(updated),
        );
        const atLocation = status === 60 ? (warehouses[0] ?? null) : [70, 80, 90, -40, -45].includes(status) ? dropoff : null;
        const available = status >= 70 || status <= -40 ? iso(updated - DAY) : null;
        // A package still waiting to be collected has not passed its expiry: in a running network the scheduled pass
        // (api/jobs/package-expiry.job.ts) expires each package as it comes due, so a wait past four days is one that
        // was extended, to 1-5 days from now, and already reminded for it. (Seeded overdue, they were a backlog the
        // pass worked through 200 a minute, ~0.3 s of CPU each time, in the middle of whatever the bench measured.)
        const waiting = available !== null && EXPIRING_PACKAGE_STATUSES.includes(status);
        const expires = !available ? null : waiting && updated + 4 * DAY <= now ? iso(now + (1 + 4 * random()) * DAY) : iso(updated + 4 * DAY);
        const reminded = waiting && REMINDABLE_PACKAGE_STATUSES.includes(status) ? expires : null;
        kpiOf(status, merchant, dropoff, available, iso(updated), count);
        for (let p = 0; p < count; p++) {
          insertPackage.run(
            nextUnique(barcodeOf, () => barcodeCounter++),
            pickSize(),
            status === 10 ? 0 : status,
            lastInsertRowid,
            merchant,
            atLocation,
            dropoff,
            status === 50 ? driver : null,
            available,
            expires,
            reminded,
            iso(created),
            iso(updated),
          );
        }
      }
    })();
  }

  for (const index of indexes) sqlite.exec(index.sql);
  for (const trigger of changeTriggers) sqlite.exec(trigger.sql);
  const columns = DASHBOARD_COLUMNS;
  const upsert = sqlite.prepare(
    `insert into dashboard_daily (day, merchant_id, location_id, ${columns.join(', ')}) values (?, ?, ?, ${columns.map(() => '?').join(', ')})
     on conflict (merchant_id, location_id, day) do update set ${columns.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')}`,
  );
  sqlite.transaction(() => {
    for (const [key, counts] of kpi) {
      const [day, merchant, location] = key.split('|');
      upsert.run(day, Number(merchant), Number(location), ...columns.map((c) => counts[c] ?? 0));
    }
  })();
  sqlite.exec('analyze');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();

  return { seconds: (performance.now() - started) / 1000, rows: S + P };
}
