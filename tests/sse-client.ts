/**
 * A minimal server-sent events reader over a real socket (node:http), for the live-updates tests and bench:
 * collects `event:`/`id:`/`data:` messages, ignores comments, remembers the last id like EventSource does.
 */
import { request, type Agent } from 'node:http';

export interface SseMessage {
  event: string;
  id?: string;
  data: string;
}

export interface SseStream {
  status: number;
  messages: SseMessage[];
  /** The last `id:` seen (EventSource's lastEventId). */
  lastId: string | undefined;
  /** Waits until `check` holds over the messages received (polls every 20 ms). */
  until(what: string, check: (messages: SseMessage[]) => boolean, timeoutMs?: number): Promise<void>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
  /** Called on each message (bench timing). */
  onMessage?: (message: SseMessage) => void;
}

export function openSse(url: string, headers: Record<string, string> = {}, agent?: Agent): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { accept: 'text/event-stream', ...headers }, agent }, (res) => {
      let buffer = '';
      let endResolve!: () => void;
      const stream: SseStream = {
        status: res.statusCode ?? 0,
        messages: [],
        lastId: undefined,
        ended: new Promise<void>((done) => (endResolve = done)),
        async until(what, check, timeoutMs = 15_000) {
          const deadline = Date.now() + timeoutMs;
          while (!check(stream.messages)) {
            if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(stream.messages)}`);
            await new Promise((r) => setTimeout(r, 20));
          }
        },
        close: () => req.destroy(),
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const message: SseMessage = { event: 'message', data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'event') message.event = value;
            else if (field === 'id') stream.lastId = message.id = value;
            else if (field === 'data') {
              message.data += (hasData ? '\n' : '') + value;
              hasData = true;
            }
          }
          if (hasData) {
            stream.messages.push(message);
            stream.onMessage?.(message);
          }
        }
      });
      res.on('end', () => endResolve());
      res.on('close', () => endResolve());
      resolve(stream);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The `{resource, ids}` of the change messages, per resource: every id announced. */
export function announced(messages: SseMessage[], resource: string): number[] {
  return messages
    .filter((m) => m.event === 'change')
    .map((m) => JSON.parse(m.data) as { resource: string; ids: number[] })
    .filter((c) => c.resource === resource)
    .flatMap((c) => c.ids);
}
