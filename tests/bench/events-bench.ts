/**
 * Live updates (issue 15): `events-stream-500`, 500 open `GET /api/events/stream` connections on one server process
 * (SQLite demo data, WEB_CONCURRENCY=1), spread over four users who all see the change (superadmin, support, the
 * Acme merchant admin and merchant user: four scope keys). Reports how long opening them took, the time from a
 * shipment edit through the API (answered) until all 500 streams carried its event (p50 and max over
 * BENCH_EVENTS_CHANGES changes, 10), and the server's memory before and with the streams open.
 * Run alone with `BENCH_ONLY=events npm run bench` or `npx tsx tests/bench/events-bench.ts`; BENCH_STREAMS changes 500.
 */
import { Agent } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSse, type SseStream } from '../sse-client.js';
import { spawnServer, stopProcess, waitUntilUp } from '../spawn-server.js';
import { DEMO_PASSWORD } from '../../fixtures/demo.js';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 500);
const CHANGES = Number(process.env.BENCH_EVENTS_CHANGES ?? 10);
const USERS = ['superadmin@example.com', 'support@example.com', 'merchant.admin@example.com', 'merchant.user@example.com'];

const only = (process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const selected = !only.length || only.includes('events') || only.includes('events-stream-500');
const report = (fields: Record<string, unknown>) => console.log(`BENCH ${JSON.stringify(fields)}`);
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

function rssMb(pid: number | undefined): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? round(Number(kb) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

async function signIn(url: string, email: string): Promise<{ cookie: string; xsrf: string }> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(await fetch(`${url}/api/csrf-cookie`));
  const xsrf = decodeURIComponent(jar.get('XSRF-TOKEN') ?? '');
  const res = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie: cookie() }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status}`);
  keep(res);
  return { cookie: cookie(), xsrf: decodeURIComponent(jar.get('XSRF-TOKEN') ?? '') };
}

async function main(): Promise<void> {
  if (!selected) return;
  const dir = mkdtempSync(join(tmpdir(), 'lockerline-events-bench-'));
  const server = await spawnServer({ SQLITE_FILE: join(dir, 'events.sqlite'), LIVE_STREAMS_PER_USER: String(STREAMS) });
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const streams: SseStream[] = [];
  try {
    await waitUntilUp(server.url, server.child, server.output, 120_000);
    const sessions = await Promise.all(USERS.map((email) => signIn(server.url, email)));
    const idleRss = rssMb(server.child.pid);

    const openStarted = performance.now();
    for (let i = 0; i < STREAMS; i += 50) {
      const batch = await Promise.all(Array.from({ length: Math.min(50, STREAMS - i) }, (_, k) => openSse(`${server.url}/api/events/stream`, { cookie: sessions[(i + k) % USERS.length]!.cookie }, agent)));
      streams.push(...batch);
    }
    const refused = streams.filter((s) => s.status !== 200).length;
    if (refused) throw new Error(`${refused} streams refused`);
    // Every stream has said where it stands (its first `id:`): it is registered and hears later changes.
    const readyBy = Date.now() + 30_000;
    while (streams.some((s) => s.lastId === undefined)) {
      if (Date.now() > readyBy) throw new Error('streams not ready');
      await new Promise((r) => setTimeout(r, 20));
    }
    const openMs = performance.now() - openStarted;
    const openRss = rssMb(server.child.pid);

    const admin = sessions[2]!;
    const list = (await (await fetch(`${server.url}/api/shipments?perPage=50`, { headers: { cookie: admin.cookie } })).json()) as { data: { id: number }[]; meta: { actions?: Record<string, string[]> } };
    const editable = list.data.filter((s) => list.meta.actions?.[String(s.id)]?.includes('edit'));
    if (!editable.length) throw new Error('no editable shipment');
    const delivered: number[] = [];
    const fromAnswer: number[] = [];
    for (let n = 0; n < CHANGES; n++) {
      const target = editable[n % editable.length]!.id;
      const seen = new Set<SseStream>();
      let allAt = 0;
      const done = new Promise<void>((resolve) => {
        for (const s of streams) {
          s.onMessage = (m) => {
            if (m.event !== 'change' || seen.has(s)) return;
            const change = JSON.parse(m.data) as { resource: string; ids: number[] };
            if (change.resource !== 'shipments' || !change.ids.includes(target)) return;
            seen.add(s);
            if (seen.size === streams.length) {
              allAt = performance.now();
              resolve();
            }
          };
        }
      });
      const sent = performance.now();
      const res = await fetch(`${server.url}/api/shipments/${target}`, { method: 'PUT', headers: { cookie: admin.cookie, 'x-xsrf-token': admin.xsrf, 'content-type': 'application/json' }, body: JSON.stringify({ last_name: `Bench ${n}` }) });
      const answered = performance.now();
      if (res.status !== 200) throw new Error(`PUT answered ${res.status}`);
      await Promise.race([done, new Promise((_, fail) => setTimeout(() => fail(new Error(`change ${n}: ${seen.size}/${streams.length} streams in 10 s`)), 10_000))]);
      delivered.push(allAt - sent);
      fromAnswer.push(allAt - answered);
    }
    report({
      name: `events-stream-${STREAMS}`,
      streams: streams.length,
      open_ms: round(openMs, 0),
      changes: CHANGES,
      delivered_all_p50_ms: round(percentile(delivered, 50)),
      delivered_all_max_ms: round(Math.max(...delivered)),
      after_answer_p50_ms: round(percentile(fromAnswer, 50)),
      rss_idle_mb: idleRss,
      rss_open_mb: openRss,
      rss_with_streams_mb: rssMb(server.child.pid),
      kb_per_stream: idleRss && openRss ? round(((openRss - idleRss) * 1024) / streams.length) : undefined,
    });
  } finally {
    for (const s of streams) s.close();
    agent.destroy();
    await stopProcess(server.child);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
