/**
 * `npm run bench:web`: builds the admin (`npm run build`, with its pre-compressed assets), starts the product
 * on a temporary SQLite file with the demo data (tests/e2e/server.ts), and audits three pages with Lighthouse
 * (its default mobile profile: simulated slow 4G, 4x CPU slowdown) in Debian's Chromium:
 * /signin as a guest, / signed in as the merchant admin, /driver signed in as the driver. Each page gets a
 * fresh browser profile (cold cache); for signed-in pages the session cookie (signed in through the API first)
 * is set in the browser over CDP (playwright-core) and the page opened once, as the user who signed in there
 * did (the app remembers the user's home for the phone's first paint), then the service worker, its caches and
 * the HTTP cache are emptied and
 * Lighthouse runs with its storage reset off. A Cookie header through Lighthouse's extraHeaders does not
 * survive: Chromium replaces it with its cookie jar once the app has received any cookie. Prints one line per
 * page (BENCH_WEB_RUNS=n: the run with the median score of n):
 *   BENCH {"name":"lighthouse-signin","score":…,"a11y":…,"fcp_ms":…,"lcp_ms":…,"tbt_ms":…,"cls":…,"bytes":…,"benchmark_index":…}
 * and, on stderr, the failing accessibility audits and the heaviest performance opportunities.
 * Bars (docs/testing.md): performance >= 90 and accessibility 100 on each page.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import lighthouse, { type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { startProduct } from '../e2e/server.js';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium.js';
import { DEMO_PASSWORD } from '../../fixtures/demo.js';

const ROOT = resolve(import.meta.dirname, '../..');

interface Audit {
  name: string;
  path: string;
  /** Signed in as this demo account, or a guest. */
  email?: string;
}

const AUDITS: Audit[] = [
  { name: 'lighthouse-signin', path: '/signin' },
  { name: 'lighthouse-dashboard', path: '/', email: 'merchant.admin@example.com' },
  { name: 'lighthouse-driver', path: '/driver', email: 'driver@example.com' },
];

/** The `name=value` pairs of a response's Set-Cookie headers. */
const cookiePairs = (res: Response) => res.headers.getSetCookie().map((line) => line.split(';')[0]);

/** Signs in through the API like the admin does (csrf-cookie, then login); resolves to the cookies set (name=value). */
async function sessionCookies(baseUrl: string, email: string): Promise<string[]> {
  const csrf = await fetch(`${baseUrl}/api/csrf-cookie`);
  const guest = cookiePairs(csrf);
  const xsrf = guest.find((pair) => pair.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: guest.join('; '), 'x-xsrf-token': decodeURIComponent(xsrf) },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in as ${email}: ${login.status} ${await login.text()}`);
  return cookiePairs(login).filter((pair) => !pair.endsWith('='));
}

/**
 * Puts the cookies into the browser listening on `port` (its default context) and opens the page once, as the
 * user who signed in on this browser did (the app leaves the language and the user's home in localStorage:
 * the phone's first paint, docs/admin.md "First paint"); then removes the service worker and its caches and
 * empties the HTTP cache, so Lighthouse's load is
 * still a cold one, and lets go of the browser.
 */
async function visitSignedIn(port: number, baseUrl: string, path: string, pairs: string[]): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0];
  const cookies = pairs.map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
  });
  await context.addCookies(cookies);
  const page = await context.newPage();
  await page.goto(`${baseUrl}${path}`);
  // Polled from here: the page's CSP forbids the eval that page.waitForFunction polls with. A string, not a
  // function: tsx would wrap a function in a helper the page does not have.
  const deadline = Date.now() + 30_000;
  while ((await page.evaluate(`localStorage.getItem('lockerline.home')`)) !== path) {
    if (Date.now() > deadline) throw new Error(`${path}: the app did not remember the user's home`);
    await page.waitForTimeout(100);
  }
  const cdp = await context.newCDPSession(page);
  // The installed app's service worker would serve every asset from its cache (docs/offline-scanning.md): take
  // it and its caches away too, so the audit is the phone's cold load over the network.
  await cdp.send('Storage.clearDataForOrigin', { origin: new URL(baseUrl).origin, storageTypes: 'service_workers,cache_storage' });
  await cdp.send('Network.clearBrowserCache');
  await page.close();
  await browser.close();
}

/** Debian's Chromium with a remote-debugging port for Lighthouse, on a throw-away profile. */
async function launchBrowser(): Promise<{ port: number; stop(): Promise<void> }> {
  const executable = chromiumPath();
  if (!executable) throw new Error('bench:web needs Chromium (/usr/bin/chromium or CHROMIUM_PATH)');
  const profile = mkdtempSync(join(tmpdir(), 'lockerline-lighthouse-'));
  const child: ChildProcess = spawn(executable, [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGKILL');
      await exited;
    }
    // Chromium's helper processes may still be writing into the profile a moment after the browser has gone.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      console.error(`  (left ${profile}: ${(error as Error).message})`);
    }
  };
  const port = await new Promise<number>((done, fail) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`Chromium did not open its debugging port:\n${output}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        done(Number(match[1]));
      }
    });
    child.once('exit', (code) => fail(new Error(`Chromium exited (${code}):\n${output}`)));
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { port, stop };
}

const ms = (lhr: Result, id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);

/** What to fix: failing accessibility audits and the performance opportunities worth more than 150 ms. */
function findings(lhr: Result): string[] {
  const a11y = lhr.categories.accessibility.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
    .map((audit) => `a11y ${audit.id}: ${audit.title}`);
  const perf = Object.values(lhr.audits)
    .filter((audit) => audit.details?.type === 'opportunity' && (audit.metricSavings?.LCP ?? 0) + (audit.metricSavings?.FCP ?? 0) > 150)
    .map((audit) => `perf ${audit.id}: ${audit.displayValue ?? ''}`);
  return [...a11y, ...perf];
}

async function main(): Promise<void> {
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error(`npm run build failed (${build.status})`);
  const product = await startProduct();
  try {
    // BENCH_WEB_ONLY=lighthouse-dashboard,... runs some of the pages.
    const only = (process.env.BENCH_WEB_ONLY ?? '').split(',').filter(Boolean);
    // BENCH_WEB_RUNS=3: each page that many times (Lighthouse's figures swing with the machine's load); the BENCH
    // line is the run with the median score, every run goes to stderr.
    const runs = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 1) || 1);
    for (const audit of AUDITS.filter((a) => only.length === 0 || only.includes(a.name))) {
      const results = [];
      for (let i = 0; i < runs; i += 1) {
        const result = await runAudit(product.baseUrl, audit, runs > 1 ? `-${i + 1}` : '');
        if (runs > 1) console.error(`  ${audit.name} run ${i + 1}: ${JSON.stringify(result)} (load average ${loadavg()[0].toFixed(1)})`);
        results.push(result);
      }
      const median = [...results].sort((a, b) => a.score - b.score)[Math.floor(results.length / 2)];
      console.log(`BENCH ${JSON.stringify(median)}`);
    }
  } finally {
    await product.stop();
  }
}

/** One Lighthouse run on a fresh browser; the BENCH figures. */
async function runAudit(baseUrl: string, audit: Audit, suffix: string) {
  const browser = await launchBrowser();
  try {
    if (audit.email) await visitSignedIn(browser.port, baseUrl, audit.path, await sessionCookies(baseUrl, audit.email));
    const run = await lighthouse(`${baseUrl}${audit.path}`, {
      port: browser.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: true,
    });
    if (!run) throw new Error(`Lighthouse returned nothing for ${audit.path}`);
    const { lhr } = run;
    if (lhr.runtimeError) throw new Error(`${audit.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    if (landed !== audit.path) throw new Error(`${audit.path} ended on ${landed} (not signed in?)`);
    for (const line of findings(lhr)) console.error(`  ${audit.name} ${line}`);
    // BENCH_WEB_REPORT_DIR=dir keeps each page's whole Lighthouse report (JSON) there, to read its diagnostics.
    // The trace too (`<name>.trace.json`, Chrome's format): what each long task runs. With BENCH_WEB_RUNS=n, one
    // pair per run (`<name>-<run>.json`).
    if (process.env.BENCH_WEB_REPORT_DIR) {
      mkdirSync(process.env.BENCH_WEB_REPORT_DIR, { recursive: true });
      writeFileSync(join(process.env.BENCH_WEB_REPORT_DIR, `${audit.name}${suffix}.json`), JSON.stringify(lhr));
      writeFileSync(join(process.env.BENCH_WEB_REPORT_DIR, `${audit.name}${suffix}.trace.json`), JSON.stringify(run.artifacts.Trace));
    }
    return {
      name: audit.name,
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      a11y: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      fcp_ms: ms(lhr, 'first-contentful-paint'),
      lcp_ms: ms(lhr, 'largest-contentful-paint'),
      tbt_ms: ms(lhr, 'total-blocking-time'),
      cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN) * 1000) / 1000,
      bytes: ms(lhr, 'total-byte-weight'),
      // Lighthouse's own measure of the host's speed (a mid-tier phone is ~1,000; it warns of a slow host below that):
      // its 4x CPU slowdown is applied on top of this machine, so a slower host scores lower with the same page.
      benchmark_index: Math.round(lhr.environment.benchmarkIndex),
    };
  } finally {
    await browser.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
