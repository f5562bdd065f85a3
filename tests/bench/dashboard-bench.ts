/**
 * The dashboard scenarios of `npm run bench` (issue 15, docs/dashboard.md): each GET /api/dashboard/* chart as the
 * admin asks for it, from BENCH_DASHBOARD_CONNECTIONS (10) dashboards open at once for BENCH_DURATION seconds,
 * timed per request so the line carries the p95 the issue's bar names (300 ms). Whole network as the superadmin
 * (the default 30 days and a full 366-day year) and one merchant as its admin. `BENCH_ONLY=dashboard` runs only these.
 */
export interface DashboardScenario {
  name: string;
  as: 'superadmin' | 'merchant';
  paths: string[];
}

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function dashboardScenarios(now = Date.now()): DashboardScenario[] {
  const year = `from=${day(now - 365 * DAY)}&to=${day(now)}`;
  const charts = ['flow', 'rates', 'dwell', 'heatmap', 'utilisation', 'exceptions'];
  return [
    ...charts.map((chart) => ({ name: `dashboard-${chart}`, as: 'superadmin' as const, paths: [`/api/dashboard/${chart}`] })),
    ...['flow', 'rates', 'dwell', 'heatmap'].map((chart) => ({ name: `dashboard-${chart}-366d`, as: 'superadmin' as const, paths: [`/api/dashboard/${chart}?${year}`] })),
    { name: 'dashboard-merchant-all', as: 'merchant', paths: charts.map((chart) => `/api/dashboard/${chart}`) },
    { name: 'dashboard-merchant-all-366d', as: 'merchant', paths: charts.map((chart) => `/api/dashboard/${chart}?${year}`) },
  ];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
const round = (n: number) => Math.round(n * 10) / 10;

/** Runs one scenario: `connections` loops, each request timed; the figures of the BENCH line. */
export async function measureDashboard(url: string, scenario: DashboardScenario, cookie: string, options: { connections: number; duration: number; warmup: number }): Promise<Record<string, unknown>> {
  const probe = await fetch(url + scenario.paths[0], { headers: { cookie } });
  if (probe.status !== 200) return { name: scenario.name, error: `HTTP ${probe.status} ${(await probe.text()).slice(0, 200)}` };
  let next = 0;
  const run = async (seconds: number) => {
    const latencies: number[] = [];
    let non2xx = 0;
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: options.connections }, async () => {
        while (performance.now() < until) {
          const path = scenario.paths[next++ % scenario.paths.length]!;
          const started = performance.now();
          const res = await fetch(url + path, { headers: { cookie } });
          await res.arrayBuffer();
          latencies.push(performance.now() - started);
          if (res.status !== 200) non2xx++;
        }
      }),
    );
    return { latencies: latencies.sort((a, b) => a - b), non2xx };
  };
  if (options.warmup) await run(options.warmup);
  const { latencies, non2xx } = await run(options.duration);
  return {
    name: scenario.name,
    p50_ms: round(percentile(latencies, 0.5)),
    p95_ms: round(percentile(latencies, 0.95)),
    p99_ms: round(percentile(latencies, 0.99)),
    rps: Math.round(latencies.length / options.duration),
    requests: latencies.length,
    non2xx,
    connections: options.connections,
    bar_met: percentile(latencies, 0.95) < 300 && non2xx === 0,
  };
}
