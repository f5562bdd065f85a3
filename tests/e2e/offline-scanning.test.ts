/**
 * Issue 14, scanning that never loses a scan (docs/offline-scanning.md "In the browser"): the installed app opens
 * with no network once loaded; a PUDO hands a package it knows over offline with the ID photo; and a chaos run of
 * 1,000 scans across the driver, PUDO and warehouse screens, with the network switched at random, sync answers
 * lost after the server applied them, and a reload while offline on each screen, ends with every scan kept in
 * the order scanned with one outcome shown, and the server having applied each at most once (the scan's client
 * id on the package events). The chaos run creates its own merchant, users and shipments (drop-off Bay Street
 * PUDO; check-ins there and at the Nassau warehouse).
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../spawn-server.js';
import type { BrowserContext, Page } from 'playwright-core';
import { ROLES } from '../../core/roles.js';
import { PHONE, apiData, apiPost, describeE2e, en, seriousViolations, signIn, xsrfHeader } from './helpers.js';
import { createShipment, locationId, scan, shipmentAwaitingPickup } from './operations-steps.js';

const WITH_WORKER = { ...PHONE, serviceWorkers: 'allow' } as const;

/** Waits until the app's service worker controls the page (its precache is complete once it does). */
const controlled = (page: Page) => page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 60_000 });

const status = (page: Page) => page.getByTestId('connection-status');
const queued = async (page: Page) => Number(await status(page).getAttribute('data-queued'));

/** Waits until the header says every scan of the device is sent. */
async function drained(page: Page) {
  await expect.poll(() => queued(page), { timeout: 90_000, interval: 250 }).toBe(0);
}

interface DeviceScan {
  identification?: { mime: string };
  client_id: string;
  seq: number;
  barcode: string;
  action: string;
  outcome?: { result: 'applied' | 'refused'; code?: string; replayed?: boolean };
}

/** The scans kept in the page's IndexedDB (docs/offline-scanning.md), oldest first. */
const deviceScans = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<DeviceScan[]>((resolve, reject) => {
        const open = indexedDB.open('lockerline-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('scans').objectStore('scans').index('seq').getAll();
          all.onsuccess = () => {
            open.result.close();
            resolve(all.result as DeviceScan[]);
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );

/**
 * A barcode scanner's bursts: each code's keys and Enter as keydown events a few microseconds apart, caught by
 * the scan field's wedge detector (admin/src/screens/scan/wedge.ts) like a hardware scanner's, in one round trip.
 */
const wedge = (page: Page, codes: string[]) =>
  page.evaluate((list) => {
    for (const code of list) {
      // Stamped as a scanner sends them (all at once), then handled: a busy page delays handling, not the stamps.
      const keys = [...code, 'Enter'].map((key) => new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      for (const event of keys) document.body.dispatchEvent(event);
    }
  }, codes);

/** The barcodes of the known-packages list the page keeps (IndexedDB). */
const knownBarcodes = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('lockerline-offline');
        open.onsuccess = () => {
          const all = open.result.transaction('known').objectStore('known').getAll();
          all.onsuccess = () => {
            open.result.close();
            resolve((all.result as { packages: { barcode: string }[] }[]).flatMap((k) => k.packages.map((p) => p.barcode)));
          };
        };
        open.onerror = () => resolve([]);
      }),
  );

let switches = 0;

/**
 * The network switch of a context, remembered: the lossy route below fetches from the test process, which
 * Playwright's offline emulation does not cover, so it refuses by itself while the context is offline.
 */
const offlineContexts = new WeakSet<BrowserContext>();
async function setOffline(context: BrowserContext, offline: boolean) {
  if (offline) offlineContexts.add(context);
  else offlineContexts.delete(context);
  await context.setOffline(offline);
}

/**
 * Scans the codes a few at a time; between two bursts the network may be switched off or on (seeded: about one
 * burst in three), after a random pause, so that switches land while sends are in flight. Leaves it as it was.
 */
async function scanUnderChaos(page: Page, codes: string[], random: () => number) {
  const context = page.context();
  let offline = false;
  for (let i = 0; i < codes.length; i += 5) {
    await wedge(page, codes.slice(i, i + 5));
    await page.waitForTimeout(5 + random() * 40);
    if (random() < 0.35) {
      offline = !offline;
      switches += 1;
      await setOffline(context, offline);
    }
  }
  await setOffline(context, false);
}

/** A small seeded random source (mulberry32): the same run each time. */
function rng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Shuffled copy (seeded). */
const shuffled = <T,>(items: T[], random: () => number) => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};

describeE2e('offline scanning (issue 14)', (env) => {
  it('the installed app opens on the driver screen with no network after one load, and a scan queued there gets its outcome', async () => {
    const driver = await env.newPage(WITH_WORKER);
    await signIn(driver, 'driver@example.com');
    await driver.waitForURL((url) => url.pathname === '/driver');
    await controlled(driver);
    const manifest = await driver.evaluate(async () => (await fetch(document.querySelector<HTMLLinkElement>('link[rel=manifest]')!.href)).json());
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
    expect((manifest.icons as { sizes: string; purpose: string }[]).map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);

    await driver.context().setOffline(true);
    await driver.reload();
    await driver.getByTestId('driver-screen').waitFor();
    await driver.getByRole('heading', { name: en.screens.driver.title, level: 2 }).waitFor();
    expect(await status(driver).getAttribute('data-online')).toBe('false');
    await status(driver).getByText(en.screens.ops.offline.offline, { exact: true }).waitFor();

    await scan(driver, 'OFFLINE0000001');
    const line = driver.getByTestId('scan-log').getByRole('listitem').filter({ hasText: 'OFFLINE0000001' });
    await line.getByText(en.screens.ops.offline.line_unknown.replace('%{action}', en.screens.ops.actions.pickup), { exact: false }).waitFor();
    expect(await line.getAttribute('data-state')).toBe('queued');
    expect(await queued(driver)).toBe(1);
    expect(await seriousViolations(driver)).toEqual([]);

    await driver.context().setOffline(false);
    await drained(driver);
    await line.getByText(en.errors.package.not_found_by_barcode, { exact: false }).waitFor();
    expect(await line.getAttribute('data-state')).toBe('refused');
  });

  it('offline, a PUDO hands a package it knows over with the ID photo: queued with the photo, applied once back online', async () => {
    const admin = await env.newPage();
    await signIn(admin, 'merchant.admin@example.com');
    const pudoId = await locationId(admin, 'PD-NAS-01');
    const shipment = await shipmentAwaitingPickup(admin, pudoId);
    const pkg = shipment.packages[0]!;
    const driver = await env.newPage();
    await signIn(driver, 'driver@example.com');
    await apiPost(driver, `/api/packages/${pkg.id}/pickup`);
    const pudo = await env.newPage(WITH_WORKER);
    await signIn(pudo, 'pudo@example.com');
    await pudo.waitForURL((url) => url.pathname === '/pudo');
    await apiPost(pudo, `/api/packages/${pkg.id}/check-in`, { location_id: pudoId });
    await pudo.reload(); // the known list now has it, waiting for its customer
    await controlled(pudo);
    await expect.poll(() => knownBarcodes(pudo)).toContain(pkg.barcode);

    await pudo.context().setOffline(true);
    await scan(pudo, pkg.barcode);
    const known = pudo.getByTestId('known-package');
    await known.getByText(pkg.barcode, { exact: false }).waitFor();
    await known.getByRole('button', { name: en.screens.ops.actions.hand_over }).click();
    const dialog = pudo.getByRole('dialog', { name: en.screens.ops.identification.title });
    // A file that is no picture: said at once in the user's words (not the browser's), no hand-over offered with it,
    // nothing queued; another photo can be chosen.
    await dialog.getByTestId('identification-file').setInputFiles({ name: 'id.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture') });
    await dialog.getByTestId('identification-unreadable').getByText(en.screens.ops.identification.unreadable).waitFor();
    expect(await dialog.getByRole('button', { name: en.screens.ops.identification.submit }).count()).toBe(0);
    expect((await deviceScans(pudo)).filter((s) => s.barcode === pkg.barcode)).toEqual([]);
    await dialog.getByTestId('identification-file').setInputFiles(join(ROOT, 'admin/public/icons/icon-512.png'));
    await dialog.getByTestId('identification-unreadable').waitFor({ state: 'hidden' });
    await dialog.getByRole('button', { name: en.screens.ops.identification.submit }).click();
    await pudo.getByTestId('scan-notice').getByText(pkg.barcode, { exact: false }).waitFor();
    const line = pudo.getByTestId('scan-log').getByRole('listitem').filter({ hasText: pkg.barcode });
    await line.getByText(en.screens.ops.actions.hand_over, { exact: false }).waitFor();
    expect(await line.getAttribute('data-state')).toBe('queued');
    const [stored] = (await deviceScans(pudo)).filter((s) => s.barcode === pkg.barcode);
    expect(stored).toMatchObject({ action: 'check-out', identification: { mime: 'image/jpeg' } });

    await pudo.context().setOffline(false);
    await drained(pudo);
    expect(await line.getAttribute('data-state')).toBe('applied');
    const shown = await apiData<{ status: number; events: { data: { scan?: { client_id: string } } | null }[] }>(pudo, `/api/packages/${pkg.id}`);
    expect(shown.status).not.toBe(90);
    expect(shown.events.filter((e) => e.data?.scan?.client_id === stored!.client_id).length).toBeGreaterThan(0);
  });

  it('chaos: 1,000 scans on three screens with the network toggled at random and a reload offline: each shown once with its outcome, applied at most once, none lost', async () => {
    const random = rng(14);
    const started = Date.now();
    const lap = (what: string) => console.info(`[offline chaos] ${what}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // Set-up through the API: a merchant of its own, its admin, and a driver, a PUDO and a warehouse user.
    const su = await env.newPage();
    await signIn(su, 'superadmin@example.com');
    const tag = Date.now().toString(36);
    const merchant = await apiPost<{ id: number }>(su, '/api/merchants', { name: `Offline chaos ${tag}` });
    const pudoId = await locationId(su, 'PD-NAS-01');
    const [warehouse] = await apiData<{ id: number }[]>(su, '/api/locations?scope=all&search=WH-NAS-01&light=1');
    const password = 'offline-chaos-pass-1';
    const user = (role: number, name: string, extra: Record<string, unknown> = {}) =>
      apiPost<{ id: number; email: string }>(su, '/api/users', {
        first_name: 'Chaos', last_name: name, email: `chaos.${name}.${tag}@example.net`, role, locale: 'en', country: 'BS', password, password_confirmation: password, ...extra,
      });
    const admin = await user(ROLES.merchant_admin, 'admin', { merchant_id: merchant.id });
    const driverUser = await user(ROLES.driver, 'driver');
    const pudoUser = await user(ROLES.pudo, 'pudo', { location_ids: [pudoId] });
    const warehouseUser = await user(ROLES.warehouse, 'warehouse', { location_ids: [warehouse!.id] });

    // 450 packages waiting for the driver (30 shipments of 15, printed, pickup requested).
    const merchantPage = await env.newPage();
    await signIn(merchantPage, admin.email, password);
    const packages: { id: number; barcode: string }[] = [];
    for (let i = 0; i < 30; i++) {
      const shipment = await createShipment(merchantPage, pudoId, { packages: Array.from({ length: 15 }, () => ({ size: 'SMALL', description: 'Chaos parcel' })) });
      const printed = await merchantPage.request.post(`/api/shipments/${shipment.id}/print`, { headers: await xsrfHeader(merchantPage) });
      expect(printed.ok()).toBe(true);
      await apiPost(merchantPage, `/api/shipments/${shipment.id}/request-pickup`);
      packages.push(...shipment.packages);
    }
    const barcodes = packages.map((p) => p.barcode);

    // What each screen scans: every package once (in a random order) plus rescans and unknown barcodes.
    const withNoise = (codes: string[], rescans: number, unknown: number) =>
      shuffled([...codes, ...shuffled(codes, random).slice(0, rescans), ...Array.from({ length: unknown }, (_, i) => `CHAOS${tag}X${i}`.toUpperCase())], random);
    const half = shuffled(barcodes, random);
    const plan = {
      driver: withNoise(barcodes, 40, 10),
      warehouse: withNoise(half.slice(0, 225), 20, 5),
      pudo: withNoise(half.slice(225), 20, 5),
    };
    expect(plan.driver.length + plan.warehouse.length + plan.pudo.length).toBe(1000);

    /**
     * Each page's sync answers: how many are still on their way (the route below has the request, the page not yet
     * the answer) and the client ids of the outcomes handed to the page.
     */
    const answers = new Map<Page, { pending: number; delivered: Set<string> }>();
    // Each page draws its network switches and its lost answers from random sources of its own: the PUDO and
    // warehouse screens run at once, and one shared source would hand each of them a timing-dependent share of
    // its draws (a run once made only 49 switches, under the floor asserted below).
    const open = async (email: string, path: string, seed: number) => {
      const page = await env.newPage(WITH_WORKER);
      const lossy = rng(seed);
      const sync = { pending: 0, delivered: new Set<string>() };
      answers.set(page, sync);
      // One sync answer in five is lost on its way back (the server has applied the batch): the device must send
      // it again and get the same outcomes as replays, never a second application. A request that reached the
      // route while online is answered even if the network goes meanwhile (it was already on its way).
      await page.context().route('**/api/scans/sync', async (route) => {
        if (offlineContexts.has(page.context())) return route.abort('internetdisconnected');
        sync.pending += 1;
        try {
          const response = await route.fetch();
          if (lossy() < 0.2) return await route.abort('failed');
          const outcomes = response.ok() ? ((await response.json()) as { data: { client_id: string | null }[] }).data : [];
          await route.fulfill({ response });
          for (const outcome of outcomes) if (outcome.client_id) sync.delivered.add(outcome.client_id);
        } finally {
          sync.pending -= 1;
        }
      });
      await signIn(page, email, password);
      await page.waitForURL((url) => url.pathname === path);
      await controlled(page);
      return page;
    };
    /** The continuous mode: quick pickup (driver), quick check-in (stores: one location, chosen for them). */
    const quickMode = async (page: Page, screen: 'driver' | 'pudo' | 'warehouse') => {
      if (screen === 'driver') await page.getByRole('button', { name: en.screens.ops.modes.quick_pickup, exact: true }).click();
      else await page.getByLabel(en.screens.ops.quick_check_in.label).check();
    };

    /** Scans the codes under chaos; a third of the way, offline: scans, a reload, the queue still there, more scans. */
    const run = async (page: Page, screen: 'driver' | 'pudo' | 'warehouse', codes: string[], seed: number) => {
      const chaos = rng(seed);
      await quickMode(page, screen);
      const context = page.context();
      const cut = Math.floor(codes.length / 3);
      await scanUnderChaos(page, codes.slice(0, cut), chaos);
      await setOffline(context, true);
      await wedge(page, codes.slice(cut, cut + 10));
      await expect.poll(async () => (await deviceScans(page)).length).toBe(cut + 10);
      // An answer already on its way when the network went (the server applied its batch, up to 100 scans) still
      // reaches the page, which stores its outcomes: the queue is read once it has, not after a guessed pause (a
      // busy server answered after the read and before the reload, and the screen rightly counted 45 fewer).
      const sync = answers.get(page)!;
      await expect.poll(() => sync.pending, { timeout: 30_000 }).toBe(0);
      await expect
        .poll(async () => {
          const settled = new Set((await deviceScans(page)).filter((s) => s.outcome).map((s) => s.client_id));
          return [...sync.delivered].filter((id) => !settled.has(id));
        }, { timeout: 30_000 })
        .toEqual([]);
      const before = await deviceScans(page);
      const waiting = before.filter((s) => !s.outcome).length;
      expect(waiting).toBeGreaterThanOrEqual(10);
      await page.reload();
      await page.getByTestId(`${screen}-screen`).waitFor();
      await quickMode(page, screen);
      // After the reload, still offline: the same scans in the same order, the same outcomes and the same queue,
      // each queued line shown.
      expect(await deviceScans(page)).toEqual(before);
      await expect.poll(() => queued(page)).toBe(waiting);
      await expect.poll(() => page.locator('[data-testid=scan-log] [data-state=queued]').count()).toBe(Math.min(waiting, 50));
      await setOffline(context, false);
      await scanUnderChaos(page, codes.slice(cut + 10), chaos);
      await drained(page);
    };

    lap('set-up done');
    const driver = await open(driverUser.email, '/driver', 141);
    await run(driver, 'driver', plan.driver, 142);
    lap('driver: 500 scans settled');
    const [pudo, store] = await Promise.all([open(pudoUser.email, '/pudo', 143), open(warehouseUser.email, '/warehouse', 145)]);
    await Promise.all([run(pudo, 'pudo', plan.pudo, 144), run(store, 'warehouse', plan.warehouse, 146)]);

    lap('PUDO and warehouse: 500 scans settled');
    // Each device: every scan kept, in the order scanned, each with one outcome; the screen shows no queued line
    // and counts them all.
    const applied = new Map<string, string>();
    let replayed = 0;
    for (const [page, codes, action] of [[driver, plan.driver, 'pickup'], [pudo, plan.pudo, 'check-in'], [store, plan.warehouse, 'check-in']] as const) {
      const scans = await deviceScans(page);
      expect(scans.map((s) => s.barcode)).toEqual(codes);
      expect(scans.every((s) => s.action === action && s.outcome)).toBe(true);
      expect(new Set(scans.map((s) => s.client_id)).size).toBe(codes.length);
      const done = scans.filter((s) => s.outcome!.result === 'applied');
      // The first scan of each package is applied, its rescans and the unknown barcodes refused.
      expect(new Set(done.map((s) => s.barcode)).size).toBe(done.length);
      expect(done.length).toBe(new Set(codes.filter((c) => barcodes.includes(c))).size);
      for (const s of done) applied.set(s.client_id, s.barcode);
      replayed += scans.filter((s) => s.outcome!.replayed).length;
      const summary = en.screens.ops.log.summary
        .replace('%{done}', en.operations.counts.done.split(' |||| ')[1]!.replace('%{smart_count}', String(done.length)))
        .replace('%{refused}', en.operations.counts.refused.split(' |||| ')[1]!.replace('%{smart_count}', String(codes.length - done.length)));
      await page.getByTestId('scan-log-summary').getByText(summary, { exact: true }).waitFor();
      expect(await page.locator('[data-testid=scan-log] [data-state=queued]').count()).toBe(0);
    }
    expect(applied.size).toBe(900);
    expect(switches, 'network switches during the scans').toBeGreaterThan(50);
    expect(replayed, 'outcomes that came back only as a replay of a lost answer').toBeGreaterThan(0);
    lap(`screens checked (${switches} network switches; ${replayed} outcomes first received as a replay of a lost answer)`);

    // The server: each applied scan was applied once (its events, one or two status steps, all written by one
    // transaction at one server time), on its own package, and no refused scan changed anything.
    const applications = new Map<string, Set<string>>();
    for (let i = 0; i < packages.length; i += 15) {
      const shown = await Promise.all(
        packages.slice(i, i + 15).map((p) => apiData<{ barcode: string; events: { kind: string; created_at: string; data: { scan?: { client_id: string } } | null }[] }>(su, `/api/packages/${p.id}`)),
      );
      for (const pkg of shown) {
        for (const event of pkg.events) {
          const id = event.data?.scan?.client_id;
          if (!id) continue;
          expect(applied.get(id), `event of ${pkg.barcode}`).toBe(pkg.barcode);
          if (event.kind === 'status') applications.set(id, (applications.get(id) ?? new Set()).add(event.created_at));
        }
      }
    }
    expect([...applications.values()].filter((times) => times.size !== 1)).toEqual([]);
    expect(new Set(applications.keys())).toEqual(new Set(applied.keys()));
  }, 240_000);
});
