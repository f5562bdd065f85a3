/**
 * A fixed-rate (open-loop) load generator: sends `rate` requests per second over `connections` keep-alive connections,
 * whatever the answers' speed, and times each request from when it was due, not from when a connection was free to
 * send it (so a slow server's queue counts: no "coordinated omission", as wrk2 and HdrHistogram's authors put it).
 *
 * Why beside wrk (load-client.ts): wrk keeps every connection busy, so its latency is the queue of 50 connections at the
 * server's saturation: by Little's law p50 ≈ 50 / req/s whatever the server does per request. "p99 < 25 ms at >= 2,000
 * req/s" asks for both figures at once: the latency users get while the server carries 2,000 req/s is this client's;
 * the most it carries is wrk's. docs/testing.md "Latency at a fixed rate".
 *
 * Deliberately small: plain sockets, HTTP/1.1 GET, answers framed by content-length (what Fastify sends for JSON).
 */
import { connect, type Socket } from 'node:net';
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

export interface RateOptions {
  url: string;
  paths: string[];
  cookie: string;
  connections: number;
  /** Requests per second, spread evenly. */
  rate: number;
  /** Seconds of sending. */
  duration: number;
  /** A file to write each answer to, `due_ms,latency_ms,status` (due: epoch ms), to line the slow ones up with server events. */
  timeline?: string;
}

export interface RateResult {
  rate: number;
  p50_ms: number;
  p90_ms: number;
  p99_ms: number;
  max_ms: number;
  /** Answers per second over the sending time (below `rate` when the server falls behind). */
  rps: number;
  requests: number;
  non2xx: number;
  errors: number;
  client_cpu_us: number;
}

/** Answers still missing this long after the last request was due count as errors. */
const DRAIN_MS = 10_000;
const HEADER_END = Buffer.from('\r\n\r\n');

interface Connection {
  socket: Socket;
  /** The due time of the request in flight (undefined: idle). */
  due?: number;
  /** Due times of this connection's requests waiting for the answer in flight (HTTP/1.1: one at a time). */
  backlog: number[];
  /** The socket failed: its requests count as errors. */
  dead?: boolean;
  /** Set while the connection's first, unmeasured request is answered. */
  opened?: () => void;
  buffer: Buffer;
  /** Body bytes still expected once the head is read (-1: head not read yet). */
  remaining: number;
  status: number;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

function percentile(sorted: Float64Array, p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function runAtRate(options: RateOptions): Promise<RateResult> {
  const target = new URL(options.url);
  const requests = options.paths.map((path) =>
    Buffer.from(`GET ${path} HTTP/1.1\r\nhost: ${target.host}\r\ncookie: ${options.cookie}\r\nconnection: keep-alive\r\n\r\n`),
  );
  const total = Math.round(options.rate * options.duration);
  const latencies = new Float64Array(total);
  const dues = options.timeline ? new Float64Array(total) : undefined;
  const statuses = options.timeline ? new Uint16Array(total) : undefined;
  let answered = 0;
  let non2xx = 0;
  let failed = 0; // requests lost with their connection
  let sent = 0;
  const cpu = process.cpuUsage();

  let finish: () => void = () => undefined;
  const finished = new Promise<void>((done) => (finish = done));
  const settled = () => answered + failed >= total;

  const send = (connection: Connection, due: number) => {
    connection.due = due;
    connection.remaining = -1;
    connection.socket.write(requests[sent++ % requests.length]!);
  };
  const complete = (connection: Connection) => {
    if (connection.opened) return connection.opened();
    if (dues) {
      dues[answered] = connection.due!;
      statuses![answered] = connection.status;
    }
    latencies[answered++] = performance.now() - connection.due!;
    if (connection.status < 200 || connection.status > 299) non2xx++;
    connection.due = undefined;
    const next = connection.backlog.shift();
    if (next !== undefined) send(connection, next);
    if (settled()) finish();
  };
  const onData = (connection: Connection, chunk: Buffer) => {
    connection.buffer = connection.buffer.length ? Buffer.concat([connection.buffer, chunk]) : chunk;
    for (;;) {
      if (connection.remaining < 0) {
        const end = connection.buffer.indexOf(HEADER_END);
        if (end < 0) return;
        const head = connection.buffer.subarray(0, end).toString('latin1');
        connection.status = Number(head.slice(9, 12));
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
        if (!length) throw new Error(`rate client: an answer without content-length:\n${head}`);
        connection.remaining = Number(length[1]);
        connection.buffer = connection.buffer.subarray(end + 4);
      }
      if (connection.buffer.length < connection.remaining) return;
      connection.buffer = connection.buffer.subarray(connection.remaining);
      complete(connection);
      if (!connection.buffer.length) return;
    }
  };

  // The connections open one at a time, each answering one unmeasured request before the next opens: a cluster's
  // primary hands each new connection to a worker that has taken the previous one, so 50 opened at once (right after
  // the saturation run) could land 45 on one worker and 5 on the other, and that worker's queue, not the server's
  // capacity, set the p99 (docs/testing.md "Latency at a fixed rate"). Users connect one by one; so do these.
  const connections: Connection[] = [];
  for (let i = 0; i < options.connections; i++) {
    const socket = connect({ host: target.hostname, port: Number(target.port) || 80, noDelay: true });
    await new Promise<void>((done, fail) => socket.once('connect', done).once('error', fail));
    const connection: Connection = { socket, buffer: Buffer.alloc(0), remaining: -1, status: 0, backlog: [] };
    socket.on('data', (chunk) => onData(connection, chunk));
    let openFailed: ((error: Error) => void) | undefined;
    socket.on('error', (error) => {
      if (connection.opened) return openFailed?.(error);
      failed += (connection.due !== undefined ? 1 : 0) + connection.backlog.length;
      connection.due = undefined;
      connection.backlog = [];
      connection.dead = true;
      if (settled()) finish();
    });
    await new Promise<void>((done, fail) => {
      openFailed = fail;
      connection.opened = () => {
        connection.opened = undefined;
        if (connection.status < 200 || connection.status > 299) fail(new Error(`rate client: the first request answered ${connection.status}`));
        else done();
      };
      connection.remaining = -1;
      socket.write(requests[i % requests.length]!);
    });
    connections.push(connection);
  }

  // Every millisecond (or as soon as the event loop lets us), send what has fallen due since the last tick.
  const start = performance.now();
  const interval = 1000 / options.rate;
  let scheduled = 0;
  const tick = () => {
    const now = performance.now();
    while (scheduled < total && start + scheduled * interval <= now) {
      // Each connection is one user sending every `connections / rate` seconds (wrk2's model): request i goes on
      // connection i mod connections, and waits there, timed from when it was due, while that user's previous answer
      // is still coming. (Taking whichever connection was freed last instead concentrated the load on a few
      // connections, and so on one cluster worker: docs/testing.md "Latency at a fixed rate".)
      const connection = connections[scheduled % connections.length]!;
      const due = start + scheduled++ * interval;
      if (connection.dead) failed++;
      else if (connection.due === undefined) send(connection, due);
      else connection.backlog.push(due);
    }
    if (settled()) finish(); // the last requests fell on failed connections
    else if (scheduled < total) setTimeout(tick, 1);
  };
  tick();
  const drain = setTimeout(() => finish(), options.duration * 1000 + DRAIN_MS);
  await finished;
  clearTimeout(drain);
  const elapsed = (performance.now() - start) / 1000;
  for (const connection of connections) connection.socket.destroy();
  const used = process.cpuUsage(cpu);
  if (options.timeline && dues) {
    const lines = Array.from({ length: answered }, (_, i) => `${(performance.timeOrigin + dues[i]!).toFixed(2)},${latencies[i]!.toFixed(2)},${statuses![i]}`);
    writeFileSync(options.timeline, `due_ms,latency_ms,status\n${lines.join('\n')}\n`);
  }
  const sorted = latencies.subarray(0, answered).sort();
  return {
    rate: options.rate,
    p50_ms: round(percentile(sorted, 50)),
    p90_ms: round(percentile(sorted, 90)),
    p99_ms: round(percentile(sorted, 99)),
    max_ms: round(sorted.length ? sorted[sorted.length - 1]! : 0),
    rps: round(answered / elapsed, 0),
    requests: answered,
    non2xx,
    errors: total - answered, // lost with a connection, or not answered within DRAIN_MS
    client_cpu_us: answered ? Math.round((used.user + used.system) / answered) : 0,
  };
}
