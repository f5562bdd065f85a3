/**
 * GET /api/events/stream (docs/live-updates.md): the query of the live-updates stream. The browser's EventSource
 * resumes with the `Last-Event-ID` header by itself; `lastEventId` serves a new EventSource (which cannot set
 * headers) that continues where an earlier one stopped.
 */
import { Type } from 'typebox';

export const EventsStreamQuery = Type.Object(
  { lastEventId: Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$', description: 'resume after this change id (as the Last-Event-ID header)' })) },
  { additionalProperties: true, description: 'Server-sent events: `event: change` with data `{"resource","ids"}`, `event: reset`' },
);
