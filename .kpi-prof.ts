import { openDatabase } from './api/db/database.js';
import { buildApp } from './api/server.js';
import { login } from './tests/api/helpers.js';
const db = await openDatabase({ sqliteFile: process.argv[2]! });
const app = await buildApp({ db, config: { production: false, publicUrl: 'http://x', logger: false } } as never);
await app.ready();
const sa = await login(app, 'superadmin@example.com');
const ma = await login(app, 'merchant.admin@example.com');
for (const [who, c] of [['sa', sa], ['ma', ma]] as const) {
  for (const chart of ['flow', 'rates', 'dwell', 'heatmap', 'utilisation', 'exceptions']) {
    for (const q of ['', '?from=2025-11-26&to=2026-11-25']) {
      const times: number[] = [];
      for (let i = 0; i < 8; i++) {
        const s = performance.now();
        const r = await c.get(`/api/dashboard/${chart}${q}`);
        times.push(performance.now() - s);
        if (r.statusCode !== 200) console.log(r.body.slice(0, 200));
      }
      times.sort((a, b) => a - b);
      console.log(who, chart, q ? '366d' : '30d', 'median', times[4]!.toFixed(1), 'max', times[7]!.toFixed(1));
    }
  }
}
await app.close();
