/**
 * The tab's one live-updates connection (docs/live-updates.md "Admin"): an EventSource on /api/events/stream
 * (the session cookie authenticates it; a GET needs no CSRF token), opened by <LiveUpdates> in the signed-in
 * layout and closed when it unmounts (sign-out), so guest pages never open one. The browser reconnects by itself
 * with Last-Event-ID after a network error; when the server refused the stream (signed out, too many windows)
 * the browser gives up, and this retries later with ?lastEventId=. Changes are handed to the listeners in
 * batches (every BATCH_MS), so a burst costs one refetch per screen.
 */
import { LIVE_EVENTS, type LiveChange, type LiveResource } from '../../../core/live.js';
import { API_BASE } from '../providers/http.js';

/** A batch of changes; `null` after a reset (the resume point was too old): refetch everything. */
export type LiveListener = (changes: Map<LiveResource, Set<number>> | null) => void;
export type LiveStatus = 'off' | 'connecting' | 'live';

const BATCH_MS = 250;
const RETRY_MS = [5_000, 10_000, 30_000, 60_000];

let source: EventSource | null = null;
let status: LiveStatus = 'off';
let lastEventId: string | undefined;
let retries = 0;
/** Reopened by us (not by the browser) without a resume point: changes may have been missed. */
let reopened = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let flushTimer: ReturnType<typeof setTimeout> | undefined;
let pending = new Map<LiveResource, Set<number>>();
let users = 0;
const listeners = new Set<LiveListener>();
const statusListeners = new Set<() => void>();

function setStatus(next: LiveStatus) {
  if (next === status) return;
  status = next;
  for (const fn of statusListeners) fn();
}

function flush() {
  flushTimer = undefined;
  const batch = pending;
  pending = new Map();
  if (batch.size) for (const fn of listeners) fn(batch);
}

function onChange(event: MessageEvent<string>) {
  lastEventId = event.lastEventId || lastEventId;
  const change = JSON.parse(event.data) as LiveChange;
  const ids = pending.get(change.resource) ?? new Set<number>();
  for (const id of change.ids) ids.add(id);
  pending.set(change.resource, ids);
  flushTimer ??= setTimeout(flush, BATCH_MS);
}

function onReset(event: MessageEvent<string>) {
  lastEventId = event.lastEventId || lastEventId;
  pending = new Map();
  for (const fn of listeners) fn(null);
}

function open() {
  if (typeof EventSource === 'undefined' || source) return;
  setStatus('connecting');
  const url = `${API_BASE}/events/stream${lastEventId ? `?lastEventId=${encodeURIComponent(lastEventId)}` : ''}`;
  const es = new EventSource(url, { withCredentials: true });
  source = es;
  es.addEventListener(LIVE_EVENTS.change, onChange as EventListener);
  es.addEventListener(LIVE_EVENTS.reset, onReset as EventListener);
  es.onopen = () => {
    retries = 0;
    setStatus('live');
    if (reopened && !lastEventId) for (const fn of listeners) fn(null);
    reopened = false;
  };
  // Remember the resume point of `id:`-only messages too (the browser keeps it for its own reconnects).
  es.onmessage = (event) => (lastEventId = event.lastEventId || lastEventId);
  es.onerror = () => {
    if (es.readyState === EventSource.CONNECTING) return setStatus('connecting'); // the browser retries itself
    // CLOSED: refused (401, 429, …): try again later, more slowly each time.
    es.close();
    if (source === es) source = null;
    setStatus('connecting');
    const delay = RETRY_MS[Math.min(retries++, RETRY_MS.length - 1)]!;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      reopened = true;
      if (users > 0) open();
    }, delay);
  };
}

function close() {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  source?.close();
  source = null;
  setStatus('off');
}

/** Opens the connection while at least one caller holds it; returns the release function. */
export function holdLiveConnection(): () => void {
  users++;
  open();
  return () => {
    users--;
    if (users === 0) close();
  };
}

export function subscribeLive(listener: LiveListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const liveStatus = (): LiveStatus => status;
export function subscribeLiveStatus(fn: () => void): () => void {
  statusListeners.add(fn);
  return () => statusListeners.delete(fn);
}

/** Tests: hand a change to the listeners as if the stream had sent it. */
export function emitLiveChange(change: LiveChange): void {
  onChange(new MessageEvent(LIVE_EVENTS.change, { data: JSON.stringify(change) }));
  clearTimeout(flushTimer);
  flush();
}
