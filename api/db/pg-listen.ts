/**
 * PostgreSQL LISTEN on a dedicated connection (not a pool client: a pooled one would be handed to queries and
 * lose its LISTEN). Reconnects after an error or a server restart (1 s, doubling up to 15 s) and then calls
 * `onNotify` once, since notifications sent while it was away are lost: the listener re-reads what it missed.
 */
import type pg from 'pg';

export function listenOn(
  Client: typeof pg.Client,
  connectionString: string,
  channel: string,
  onNotify: () => void,
  onError: (error: unknown) => void,
): () => void {
  let client: pg.Client | undefined;
  let stopped = false;
  let delay = 1_000;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (stopped) return;
    const next = new Client({ connectionString });
    client = next;
    const lost = (error?: unknown) => {
      if (client !== next) return;
      client = undefined;
      next.removeAllListeners();
      void next.end().catch(() => undefined);
      if (stopped) return;
      if (error) onError(error);
      retry = setTimeout(() => void connect(), delay);
      retry.unref();
      delay = Math.min(delay * 2, 15_000);
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
      delay = 1_000;
      onNotify();
    } catch (error) {
      lost(error);
    }
  };
  void connect();

  return () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    if (last) {
      last.removeAllListeners();
      last.on('error', () => undefined);
      void last.end().catch(() => undefined);
    }
  };
}
