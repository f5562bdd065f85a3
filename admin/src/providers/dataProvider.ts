/**
 * react-admin DataProvider over the Lockerline REST API (DESIGN.md section 3).
 * Records carry the server's allowed actions as `_actions` (from `meta.actions`), so screens offer
 * only what the server permits. Errors are HttpError with the API body (forms show `errors`).
 * Beyond CRUD, the record verbs (`act`: POST /api/:resource/:id/:action), the resource-wide verbs (`actOn`:
 * POST /api/:resource/:action), the lookups and choices the scan screens need (`lookup`, `choices`) and
 * the verbs' bulk check (`can`: GET /api/user/can/:action/:singular), used through react-admin's
 * useDataProvider with react-query. Every call goes through the one HTTP client (providers/http.ts).
 */
import type { DataProvider, GetListParams, Identifier, RaRecord, SortPayload } from 'react-admin';
import type { ApiRecord, ListMeta, RecordListResponse, ShowResponse } from '../../../core/contract/index.js';
import { canCrud } from '../../../core/permissions.js';
import { isResourceName } from './access.js';
import { api, type ApiRequest } from './http.js';
import { cursorFor, rememberCursor } from './listCursors.js';
import { peekUser } from './session.js';

/** The list envelope's meta (core/contract ListResponse): total, page, perPage, from, to, actions, next. */
export type { ListMeta };

/** Filter keys that are top-level query params rather than `filters[...]`. */
const SEARCH_KEYS = ['q', 'search'];
const TOP_LEVEL_KEYS = ['scope'];

export function sortParam(sort?: SortPayload): string | undefined {
  if (!sort?.field) return undefined;
  return sort.order === 'DESC' ? `-${sort.field}` : sort.field;
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);
const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** The list query: page, perPage, search, sort, scope and `filters[field][i]`. */
export function listQuery(params: Partial<GetListParams>): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  if (params.pagination) {
    query.page = params.pagination.page;
    query.perPage = params.pagination.perPage;
  }
  const sort = sortParam(params.sort);
  if (sort) query.sort = sort;
  const filters: Record<string, unknown[]> = {};
  for (const [key, value] of Object.entries(params.filter ?? {})) {
    if (isBlank(value)) continue;
    if (SEARCH_KEYS.includes(key)) query.search = value;
    else if (TOP_LEVEL_KEYS.includes(key)) query[key] = value;
    else {
      const values = asArray(value).filter((v) => !isBlank(v));
      if (values.length) filters[key] = values;
    }
  }
  if (Object.keys(filters).length) query.filters = filters;
  const meta = params.meta ?? {};
  if (meta.light) query.light = 1;
  if (meta.list_ids) query.list_ids = 1;
  if (meta.scope && query.scope === undefined) query.scope = meta.scope;
  return query;
}

/** Attaches the per-record allowed actions. */
function withActions(record: ApiRecord, actions: string[] | undefined): RaRecord {
  return { ...record, id: record.id, _actions: actions ?? [] };
}

/** What we send back on writes: the record's own fields, not our client-side extras. */
export function writableData(data: Record<string, unknown>): Record<string, unknown> {
  const { _actions: _ignored, ...rest } = data;
  void _ignored;
  return rest;
}

async function fetchList(resource: string, params: Partial<GetListParams>, signal?: AbortSignal) {
  const query = listQuery(params);
  const after = query.page ? cursorFor(resource, query) : undefined;
  const res = await api<RecordListResponse>(resource, { query: after ? { ...query, after } : query, signal });
  if (query.page) rememberCursor(resource, query, res.meta?.next ?? undefined);
  const actions = res.meta?.actions ?? {};
  return {
    data: res.data.map((record) => withActions(record, actions[String(record.id)])),
    total: res.meta?.total ?? res.data.length,
    meta: res.meta,
  };
}

const MAX_PER_PAGE = 100;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Whether the signed-in role may list `resource` (getMany looks records up through the list endpoint). */
function mayLookUp(resource: string): boolean {
  const user = peekUser();
  return !user || !isResourceName(resource) || canCrud(user, resource, 'list');
}

const recordPath = (resource: string, id: Identifier) => `${resource}/${encodeURIComponent(String(id))}`;

/** A verb's answer: the record after it (with its new allowed actions); `pending` when the effect comes later. */
export interface ActResult {
  data: RaRecord;
  meta?: { actions?: string[]; pending?: boolean; message?: string };
}

/** GET /api/user/can: which of the ids the verb may run on now, and why not for the others. */
export interface CanResult {
  allOk: boolean;
  can: number[];
  cannot: number[];
  reasons: Record<string, string>;
}

/** The resources with record verbs, by the singular /api/user/can names them with. */
const SINGULAR: Record<string, string> = { shipments: 'shipment', packages: 'package', manifests: 'manifest', locations: 'location', batches: 'batch', batch_items: 'batch_item' };

/** Statuses a screen explains itself (a bulk run's list, a scan screen's inline problem) instead of the global error dialog. */
export const QUIET_STATUSES = [0, 400, 403, 404, 409, 422];

/**
 * Who shows a refusal: `quiet: true` keeps the usual refusals (QUIET_STATUSES) out of the global error
 * dialog because the caller explains them; a status list or test keeps exactly those out.
 */
export interface QuietOption {
  quiet?: boolean | ApiRequest['suppress'];
}

const suppress = (options: QuietOption = {}): Pick<ApiRequest, 'suppress'> =>
  options.quiet === true ? { suppress: QUIET_STATUSES } : options.quiet ? { suppress: options.quiet } : {};

/** A record verb's name, or the path segments of a verb on a part of the record (a locker door). */
export type VerbPath = string | readonly (string | number)[];

const verbPath = (action: VerbPath) => (typeof action === 'string' ? [action] : action).map((part) => encodeURIComponent(String(part))).join('/');

/** A record verb's body: JSON fields, or a FormData sent as multipart (e.g. a photo). */
export type ActBody = Record<string, unknown> | FormData;

export interface LockerlineDataProvider extends DataProvider {
  /**
   * Runs a record verb; `quiet`: its refusal is not shown in the error dialog (a bulk run lists them). A verb
   * on a part of the record is named by its path segments (`['doors', 3, 'open']` → POST /api/locations/:id/doors/3/open).
   */
  act(resource: string, id: Identifier, action: VerbPath, body?: ActBody, options?: QuietOption): Promise<ActResult>;
  /** Removes a part of the record (DELETE /api/:resource/:id/:part, e.g. a user's kiosk badge). */
  removePart(resource: string, id: Identifier, part: VerbPath, options?: QuietOption): Promise<void>;
  /** Runs a verb on the resource as a whole (POST /api/:resource/:action, e.g. packages/fetch); answers the record it concerns. */
  actOn(resource: string, action: string, body?: Record<string, unknown>, options?: QuietOption): Promise<ActResult>;
  /** Which of `ids` the verb may run on now. */
  can(resource: string, action: string, ids: Identifier[], options?: QuietOption): Promise<CanResult>;
  /** One record found by a key other than its id (GET /api/:resource/lookup, e.g. a package by barcode), with its allowed actions. */
  lookup(resource: string, query: Record<string, unknown>, options?: QuietOption): Promise<ActResult>;
  /**
   * What a verb may choose from: GET /api/:resource/:id/:name for one record (a package's alternative
   * locations), GET /api/:resource/:name without an id (the drivers a package can be handed to).
   */
  choices<T = RaRecord>(resource: string, name: string, id?: Identifier | null, options?: QuietOption): Promise<{ data: T[] }>;
}

export const dataProvider: LockerlineDataProvider = {
  supportAbortSignal: true,

  getList: (resource, params) => fetchList(resource, params, params.signal) as never,

  async getOne(resource, params) {
    // meta.quiet: the screen explains a refusal itself (a scan screen's inline problem).
    const res = await api<ShowResponse>(recordPath(resource, params.id), { signal: params.signal, ...suppress({ quiet: params.meta?.quiet }) });
    return { data: withActions(res.data, res.meta?.actions) as never };
  },

  async getMany(resource, params) {
    // Reference fields of resources the role may not list (e.g. a user's merchant for a merchant admin)
    // stay empty instead of asking the API for a 403.
    if (!mayLookUp(resource)) return { data: [] };
    const ids = [...new Set(params.ids)];
    const pages = await Promise.all(
      chunks(ids, MAX_PER_PAGE).map((part) =>
        fetchList(resource, { pagination: { page: 1, perPage: part.length }, filter: { id: part }, meta: params.meta }, params.signal),
      ),
    );
    return { data: pages.flatMap((p) => p.data) as never[] };
  },

  async getManyReference(resource, params) {
    const filter = { ...params.filter, [params.target]: params.id };
    return fetchList(resource, { ...params, filter }, params.signal) as never;
  },

  async create(resource, params) {
    const res = await api<ShowResponse>(resource, { method: 'POST', body: writableData(params.data) });
    return { data: withActions(res.data, res.meta?.actions) as never };
  },

  async update(resource, params) {
    // Optimistic concurrency: send back the updated_at we read (409 conflict.stale when stale).
    const updated_at = params.previousData?.updated_at ?? params.data?.updated_at;
    const body = { ...writableData(params.data), ...(updated_at ? { updated_at } : {}) };
    const res = await api<ShowResponse>(recordPath(resource, params.id), { method: 'PUT', body });
    return { data: withActions(res.data, res.meta?.actions) as never };
  },

  async updateMany(resource, params) {
    const results = await Promise.all(
      params.ids.map((id) => api<ShowResponse>(recordPath(resource, id), { method: 'PUT', body: writableData(params.data) })),
    );
    return { data: results.map((r) => r.data.id) };
  },

  async delete(resource, params) {
    await api(recordPath(resource, params.id), { method: 'DELETE' });
    return { data: (params.previousData ?? { id: params.id }) as never };
  },

  async deleteMany(resource, params) {
    // One request per record so each gets its own permission and status check.
    for (const id of params.ids) await api(recordPath(resource, id), { method: 'DELETE' });
    return { data: params.ids };
  },

  async act(resource, id, action, body = {}, options = {}) {
    const res = await api<ActResult>(`${recordPath(resource, id)}/${verbPath(action)}`, { method: 'POST', body, ...suppress(options) });
    return { ...res, data: withActions(res.data, res.meta?.actions) };
  },

  async removePart(resource, id, part, options = {}) {
    await api(`${recordPath(resource, id)}/${verbPath(part)}`, { method: 'DELETE', ...suppress(options) });
  },

  async actOn(resource, action, body = {}, options = {}) {
    const res = await api<ActResult>(`${resource}/${encodeURIComponent(action)}`, { method: 'POST', body, ...suppress(options) });
    return { ...res, data: withActions(res.data, res.meta?.actions) };
  },

  can(resource, action, ids, options = {}) {
    return api<CanResult>(`user/can/${encodeURIComponent(action)}/${SINGULAR[resource] ?? resource}`, { query: { ids }, ...suppress(options) });
  },

  async lookup(resource, query, options = {}) {
    const res = await api<ActResult>(`${resource}/lookup`, { query, ...suppress(options) });
    return { ...res, data: withActions(res.data, res.meta?.actions) };
  },

  choices(resource, name, id, options = {}) {
    const path = id === undefined || id === null ? `${resource}/${encodeURIComponent(name)}` : `${recordPath(resource, id)}/${encodeURIComponent(name)}`;
    return api(path, suppress(options));
  },
};
