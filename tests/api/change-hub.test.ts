/**
 * The change hub's promise to a new stream (api/events/change-hub.ts `subscribe`): it hears of every row after the
 * cursor it was given, also when it joins while the hub, with nobody listening, is looking up the newest id.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../api/db/migrate.js';
import { ChangeHub } from '../../api/events/change-hub.js';
import type { ChangeRow } from '../../api/events/change-log.js';
import { openTestDatabase } from './helpers.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function setUp() {
  const database = await openTestDatabase();
  closers.push(() => database.close());
  await migrateToLatest(database);
  const hub = new ChangeHub({ db: database.db }, (error) => {
    throw error;
  });
  closers.push(() => hub.close());
  const logChange = (recordId: number) =>
    database.db.insertInto('change_log').values({ resource: 'packages', record_id: recordId, merchant_id: null, created_at: new Date().toISOString() }).execute();
  return { hub, logChange };
}

describe('ChangeHub', () => {
  it('a stream that joins while the idle hub looks up the newest id still hears of the rows after its cursor', async () => {
    const { hub, logChange } = await setUp();
    await logChange(1);
    await hub.start();
    hub.wake(); // the first read also prunes; done before the one under test
    await hub.settle();
    await logChange(2);
    hub.wake(); // nobody listens: the hub only looks up the newest id (which now holds record 2)...
    const heard: ChangeRow[] = [];
    const { from } = hub.subscribe(async (rows) => void heard.push(...rows)); // ...and a stream joins meanwhile
    await hub.settle();
    expect(heard.map((r) => r.record_id)).toEqual([2]);
    expect(heard[0]!.id).toBeGreaterThan(from);
  });

  it('an idle hub follows the newest id, so a stream that joins later hears only what comes after', async () => {
    const { hub, logChange } = await setUp();
    await hub.start();
    await logChange(1);
    hub.wake();
    await hub.settle();
    const heard: number[] = [];
    hub.subscribe(async (rows) => void heard.push(...rows.map((r) => r.record_id)));
    await logChange(2);
    hub.wake();
    await hub.settle();
    expect(heard).toEqual([2]);
  });
});
