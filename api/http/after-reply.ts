/**
 * Work a route starts without waiting for it, so the answer takes the same time whatever that work is: the
 * reset mail only an existing account gets (an SMTP round trip would tell who has an account). A task's
 * failure is logged, never answered; closing the app waits for what is still running, and tests await
 * `settled(app)` (tests/api/helpers.ts does after every request).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** Keyed by the HTTP server, which a route's encapsulated instance shares with the root app. */
const pending = new WeakMap<object, Set<Promise<void>>>();

export function afterReply(app: FastifyInstance, log: FastifyBaseLogger, what: string, task: () => Promise<void>): void {
  let tasks = pending.get(app.server);
  if (!tasks) pending.set(app.server, (tasks = new Set()));
  const running: Promise<void> = Promise.resolve()
    .then(task)
    .catch((error: unknown) => log.error({ err: error }, what))
    .finally(() => tasks.delete(running));
  tasks.add(running);
}

/** Resolves once every task started on the app (including those started meanwhile) has finished. */
export async function settled(app: FastifyInstance): Promise<void> {
  const tasks = pending.get(app.server);
  while (tasks?.size) await Promise.allSettled([...tasks]);
}
