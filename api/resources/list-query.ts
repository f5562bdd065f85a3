/**
 * The generic list engine (docs/resources.md, "List query contract"): parses page, perPage, search, sort,
 * filters, scope, light and list_ids; applies the resource's tenant restriction; returns
 * `{ data, meta: { total, page, perPage, from, to, actions } }`.
 *
 * Performance notes: every list selects only its own columns, sorts with an id tie-breaker in the same
 * direction (so the (x, id) indexes serve it), and never counts more than COUNT_CAP + 1 rows: beyond that the
 * total is reported as COUNT_CAP with `meta.totalCapped = true`. A first page shorter than perPage needs no count,
 * nor a page beyond the cap. Deep pages seek from the cursor of the page before (list-cursor.ts) or skip by an
 * id-only scan of the index; every list statement runs under a time limit (`list.timeout`, 503).
 */
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import qs from 'qs';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../core/errors.js';
import { LIST_DEFAULTS } from '../../core/constants.js';
import { normalizeCode } from '../../core/identifiers.js';
import { canUseFilter, type ResourceName } from '../../core/permissions.js';
import { defaultLocationScope } from '../../core/roles.js';
import type { Database } from '../db/tables.js';
import type { Dialect } from '../db/dialect.js';
import { ListTimeoutError, listReader, listTimeoutMs, rowFactory } from '../db/database.js';
import { containsCI, type SearchHits } from '../db/search-text.js';
import type { RequestActor } from '../http/context.js';
import { decodeCursor, encodeCursor } from './list-cursor.js';
import { countKey, knownCapped, rememberCapped } from './list-count-cache.js';

/** Totals beyond this are reported as the cap with meta.totalCapped (LIST_COUNT_CAP overrides; see docs/resources.md). */
export const COUNT_CAP = Math.max(100, Number(process.env.LIST_COUNT_CAP) || 1_000);
export const LIST_IDS_CAP = 100_000;

export type FilterType = 'int' | 'text' | 'bool';
export type LocationScope = 'dropoff' | 'pickup' | 'all';
export type AnyQuery = SelectQueryBuilder<any, any, any>;

export interface ListQuery {
  page: number;
  perPage: number;
  search: string;
  sort: { field: string; desc: boolean };
  filters: Record<string, (string | number)[]>;
  scope: LocationScope;
  light: boolean;
  listIds: boolean;
  /** `after`: the cursor (`meta.next`) of the page before this one, to seek instead of skipping rows. */
  after?: string;
  /** Set by runList from spec.searchHits before it queries. */
  searchHits?: SearchHits;
  /** Set when loading records by id (show, update, delete, user/can) rather than listing. */
  recordAccess?: boolean;
}

export interface ListSpec<Row = Record<string, unknown>> {
  resource: ResourceName;
  table: keyof Database & string;
  /** Columns of a list row (unqualified, of `table`). `id` is always included. */
  columns: readonly string[];
  /** Columns selected for `light=1`, and the display name built from them. */
  light: { columns: readonly string[]; name(row: Record<string, any>): string; extra?(row: Record<string, any>): Record<string, unknown> };
  /** Identifier columns searched by prefix, the term as a code is stored (core normalizeCode; unique/btree indexes). */
  searchPrefix?: readonly string[];
  /** Text columns searched case-insensitively by "contains" (a scan: small tables only). */
  searchContains?: readonly string[];
  /** Large tables: the "contains" search served by a trigram index (api/db/search-text.ts), instead of searchContains. */
  searchIndexed?(table: string, term: string, dialect: Dialect, hits?: SearchHits): RawBuilder<boolean>;
  /** Asks the search index first (rare term: its ids; common: `many`), so searchIndexed can pick its plan. */
  searchHits?(db: Kysely<any>, term: string, dialect: Dialect, cap: number, guard?: RawBuilder<boolean>): Promise<SearchHits | undefined>;
  /** A term of this shape (e.g. a tracking reference) searches only the prefix columns: an index range, no scan. */
  searchPrefixShape?: RegExp;
  /** Sortable columns: core LIST_SORTS of the resource. */
  sorts: readonly string[];
  /** NOT NULL sorts whose deep pages may seek from a cursor (`(x, id) < (v, k)`); others page by offset. */
  seekable?: readonly string[];
  /**
   * Every sort of `sorts` is an index walk on SQLite, both directions (tests/api/list-serving.test.ts checks each plan):
   * an offset skip with no WHERE then reads exactly offset + perPage index entries and may go without the time guard.
   * A list without it (sorts the table has no index for, e.g. batch items by last name) sorts the whole table to skip
   * rows, and keeps the guard.
   */
  sortsIndexed?: boolean;
  defaultSort: string;
  filters: Record<string, FilterType>;
  /** Tenant isolation and scope: narrows the query to what the actor may see. */
  restrict(qb: AnyQuery, actor: RequestActor, query: ListQuery): AnyQuery;
  /** Per-row allowed actions (meta.actions); may batch-load what it needs. */
  actions?(rows: Row[], actor: RequestActor, db: Kysely<Database>): Promise<Record<number, string[]>>;
  /**
   * PostgreSQL: values of other tables read by the page's own statement (name -> a correlated subquery on the row's
   * `table` columns), so decorate and actions need no second round trip. Evaluated for the page's rows only (PostgreSQL
   * computes such expressions after the sort and limit). SQLite, where a read costs no round trip, reads them apart.
   */
  pageExtras?: Record<string, RawBuilder<unknown>>;
  /** Batch-loads related names etc. onto the page rows. */
  decorate?(rows: Row[], db: Kysely<Database>): Promise<void>;
}

/** The query object, parsed with qs so `filters[status][0]=20` works whatever the server's parser. */
export function rawQuery(request: FastifyRequest): Record<string, unknown> {
  const url = request.raw.url ?? request.url;
  const at = url.indexOf('?');
  return at < 0 ? {} : (qs.parse(url.slice(at + 1), { arrayLimit: 1000, depth: 3 }) as Record<string, unknown>);
}

/** A malformed list query: `bad_request` with what was wrong (`request_problems.<problem>`, translated by the error handler). */
const bad = (problem: string, params?: Record<string, string>): never => {
  throw new DomainError('bad_request', `request_problems.${problem}`, { params });
};

function intParam(value: unknown, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) bad('positive_integer', { name });
  return n;
}

const truthy = (v: unknown) => v === '1' || v === 'true' || v === 1 || v === true;

function filterValues(raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (raw && typeof raw === 'object') return Object.values(raw);
  return [raw];
}

function coerce(type: FilterType, value: unknown, field: string): string | number {
  if (type === 'text') {
    if (typeof value !== 'string' && typeof value !== 'number') bad('filter_text', { field: `filters[${field}]` });
    return String(value);
  }
  if (type === 'bool') {
    if (truthy(value)) return 1;
    if (value === '0' || value === 'false' || value === 0 || value === false) return 0;
    return bad('filter_flag', { field: `filters[${field}]` });
  }
  const n = Number(value);
  if (value === '' || !Number.isInteger(n)) bad('filter_integer', { field: `filters[${field}]` });
  return n;
}

/** The filters a role may use on a list (what an unsupported filter's refusal offers instead). */
const usableFilters = (spec: ListSpec<any>, role: number) => ['id', ...Object.keys(spec.filters)].filter((f) => canUseFilter(role, spec.resource, f)).join(', ');

/** Parses and checks a list query against the resource's whitelist and the role's filter masks. */
export function parseListQuery(spec: ListSpec<any>, raw: Record<string, unknown>, role: number): ListQuery {
  const page = intParam(raw.page, LIST_DEFAULTS.page, 'page');
  const perPage = Math.min(intParam(raw.perPage, LIST_DEFAULTS.perPage, 'perPage'), LIST_DEFAULTS.maxPerPage);
  const search = typeof raw.search === 'string' ? raw.search.trim().slice(0, 100) : '';

  const sortText = typeof raw.sort === 'string' && raw.sort !== '' ? raw.sort : spec.defaultSort;
  const desc = sortText.startsWith('-');
  const field = desc ? sortText.slice(1) : sortText;
  if (!spec.sorts.includes(field)) throw new DomainError('list.sort_unsupported', `sort by ${field} is not supported`, { params: { field } });

  // react-admin's own `filter={json}` would otherwise be ignored, and the whole list answered as if filtered.
  if (raw.filter !== undefined) bad('filter_param');
  const filters: ListQuery['filters'] = {};
  const rawFilters = raw.filters;
  if (rawFilters !== undefined && rawFilters !== '') {
    if (typeof rawFilters !== 'object' || rawFilters === null) bad('filters_object');
    for (const [name, value] of Object.entries(rawFilters as Record<string, unknown>)) {
      // `id` is a filter of every resource: react-admin's getMany loads records by `filters[id][i]`.
      const type = name === 'id' ? 'int' : spec.filters[name];
      if (!type) throw new DomainError('list.filter_unsupported', `filter ${name} is not supported`, { params: { field: name.slice(0, 60), filters: usableFilters(spec, role) } });
      // Masked filters (SPEC section 6) are ignored: tenant isolation already limits the rows.
      if (!canUseFilter(role, spec.resource, name)) continue;
      const values = filterValues(value).filter((v) => v !== '' && v !== null && v !== undefined);
      if (values.length > 1000) bad('too_many_values', { field: `filters[${name}]` });
      if (values.length) filters[name] = values.map((v) => coerce(type, v, name));
    }
  }

  const scope = raw.scope === undefined || raw.scope === '' ? defaultLocationScope(role) : raw.scope;
  if (scope !== 'dropoff' && scope !== 'pickup' && scope !== 'all') bad('scope');

  return {
    page,
    perPage,
    search,
    sort: { field, desc },
    filters,
    scope: scope as LocationScope,
    light: truthy(raw.light),
    listIds: truthy(raw.list_ids),
    after: typeof raw.after === 'string' && raw.after.length <= 500 ? raw.after : undefined,
    // A lookup by id (react-admin's getMany behind reference fields) sees what a show by id would:
    // records the actor may reference (e.g. a shipment's drop-off and pickup locations), not the wider list.
    recordAccess: filters.id !== undefined,
  };
}

/**
 * Builds the filtered, restricted (but unsorted, unpaged) query. `guard` (the SQLite time limit) goes first in the
 * WHERE so it is evaluated on every row the query reads, not only on the rows that match.
 */
export function filteredQuery(
  db: Kysely<Database>,
  dialect: Dialect,
  spec: ListSpec<any>,
  q: ListQuery,
  actor: RequestActor,
  guard?: RawBuilder<boolean>,
): AnyQuery {
  const t = spec.table;
  let qb: AnyQuery = (db as unknown as Kysely<any>).selectFrom(t);
  if (guard) qb = qb.where(guard);
  qb = spec.restrict(qb, actor, q);
  for (const [name, values] of Object.entries(q.filters)) {
    const col = `${t}.${name}`;
    qb = values.length === 1 ? qb.where(col, '=', values[0]) : qb.where(col, 'in', values);
  }
  if (q.search) {
    const term = q.search;
    // Codes are stored as a scan reads them (no whitespace, upper case): a code typed as printed or pasted finds them.
    const code = normalizeCode(term);
    const prefixOnly = spec.searchPrefixShape?.test(term) ?? false;
    const contains = prefixOnly ? [] : (spec.searchContains ?? []);
    qb = qb.where((eb: any) =>
      eb.or([
        ...(spec.searchPrefix ?? []).map((c) => eb.and([eb(`${t}.${c}`, '>=', code), eb(`${t}.${c}`, '<', code + '\uffff')])),
        ...contains.map((c) => containsCI(sql.ref(`${t}.${c}`), term, dialect)),
        ...(spec.searchIndexed && !prefixOnly ? [spec.searchIndexed(t, term, dialect, q.searchHits)] : []),
      ]),
    );
  }
  return qb;
}

async function cappedCount(db: Kysely<Database>, qb: AnyQuery): Promise<number> {
  const inner = qb.clearSelect().clearOrderBy().select(sql<number>`1`.as('one')).limit(COUNT_CAP + 1);
  const row = await (db as unknown as Kysely<any>)
    .selectFrom(inner.as('capped'))
    .select((eb: any) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number((row as { n?: unknown } | undefined)?.n ?? 0);
}

export interface ListResult {
  data: unknown[];
  meta: Record<string, unknown>;
}

/** Beyond this many index matches a search term is "common" (api/db/search-text.ts `shipmentSearchHits`). */
const SEARCH_HITS_CAP = 1_000;

/** `list_ids` reads up to LIST_IDS_CAP ids (the admin's "select all"): it gets this many times the list time limit. */
const LIST_IDS_TIME_FACTOR = 10;

/**
 * SQLite rows read between two looks at the clock (a power of two): `list_guard` is a JavaScript function, and calling
 * it for every row read cost a capped count (1,001 rows) 4x its own time. Rows are sampled by id (`id & mask`, a
 * column of every index), so a read of any length still looks every GUARD_EVERY rows or so.
 */
export const GUARD_EVERY = 64;

/**
 * The SQLite time limit of one statement (PostgreSQL: the list pool's statement_timeout): true for a row whose `key`
 * (an integer id) is not a multiple of GUARD_EVERY, else `list_guard(deadline)`, which throws once the deadline has
 * passed. SQLite's OR does not evaluate its right side when the left is true, so JavaScript runs once per GUARD_EVERY rows.
 */
export const guardFor = (dialect: Dialect, key: RawBuilder<unknown>, factor = 1) =>
  dialect === 'sqlite' ? sql<boolean>`(${key} & ${sql.lit(GUARD_EVERY - 1)} <> 0 or list_guard(${Date.now() + factor * listTimeoutMs()}))` : undefined;

const tableGuard = (dialect: Dialect, table: string, factor = 1) => guardFor(dialect, sql.ref(`${table}.id`), factor);

/** All the ids of a list in sort order, under LIST_IDS_TIME_FACTOR times the time limit (PostgreSQL: `set local`). */
async function listIds(db: Kysely<Database>, dialect: Dialect, spec: ListSpec<any>, q: ListQuery, actor: RequestActor): Promise<unknown[]> {
  const t = spec.table;
  const dir = q.sort.desc ? 'desc' : 'asc';
  const read = async (reader: Kysely<Database>) => {
    let sorted = filteredQuery(reader, dialect, spec, q, actor, tableGuard(dialect, t, LIST_IDS_TIME_FACTOR)).orderBy(`${t}.${q.sort.field}`, dir);
    if (q.sort.field !== 'id') sorted = sorted.orderBy(`${t}.id`, dir);
    return (await sorted.select(`${t}.id`).limit(LIST_IDS_CAP).execute()).map((r: any) => r.id);
  };
  if (dialect === 'sqlite') return read(db);
  return db.transaction().execute(async (trx) => {
    await sql`set local statement_timeout = ${sql.lit(LIST_IDS_TIME_FACTOR * listTimeoutMs())}`.execute(trx);
    return read(trx);
  });
}

/** A statement stopped by its time limit becomes `list.timeout` (503); anything else is rethrown. */
async function limited<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const pgCanceled = (error as { code?: unknown } | null)?.code === '57014';
    if (error instanceof ListTimeoutError || pgCanceled) throw new DomainError('list.timeout');
    throw error;
  }
}

/**
 * A page's rows come over as one JSON array text each, turned into row objects here by a generated object literal
 * (`rowFactory`). SQLite (`json_array(…)`): better-sqlite3 converts every value through the V8 API, and for a
 * 25-row, 24-column page that cost ~50 µs against ~30 for the JSON text and JSON.parse (tests/bench/list-cpu.ts).
 * PostgreSQL (`json_build_array(…)::text`, the page's extras included): pg parses each field of each DataRow
 * message into a string, runs its type parser and adds it to a row object; one field per row instead of ~25 left
 * the driver and its garbage a fraction of their cost per page (docs/resources.md "A page's rows as JSON text").
 * Values keep their types (integers, text, null, doubles; list columns hold no blobs, bigints or numerics).
 */
interface RowReader {
  selection: any;
  rows(read: Record<string, any>[]): Record<string, any>[];
}
const jsonRowReaders = new Map<string, RowReader>();
/** PostgreSQL's limit on a function's arguments (json_build_array): a wider selection is read column by column. */
const PG_MAX_FUNCTION_ARGS = 100;
function selectRows(dialect: Dialect, selected: string[], extras: [string, RawBuilder<unknown>][]): RowReader {
  const names = [...selected.map((c) => c.slice(c.lastIndexOf('.') + 1)), ...extras.map(([name]) => name)];
  if (dialect === 'postgres' && names.length > PG_MAX_FUNCTION_ARGS) {
    return { selection: [...selected, ...extras.map(([name, value]) => value.as(name))], rows: (read) => read };
  }
  // Kysely's nodes are immutable: one selection per list of columns, built once (parsing and compiling ~25
  // references was a share of every list request). A table's extras are its spec's constants.
  const key = `${dialect}|${selected.join(',')}|${extras.map(([name]) => name).join(',')}`;
  let reader = jsonRowReaders.get(key);
  if (!reader) {
    const rowOf = rowFactory(names);
    // One raw node for the columns (the spec's own names, quoted here) instead of ~25 for the compiler to visit.
    const columns = sql.raw(selected.map((c) => c.split('.').map((part) => `"${part.replaceAll('"', '""')}"`).join('.')).join(', '));
    const values = extras.length ? sql.join([columns, ...extras.map(([, value]) => value)]) : columns;
    reader = {
      selection: (dialect === 'sqlite' ? sql<string>`json_array(${values})` : sql<string>`json_build_array(${values})::text`).as('row_json'),
      rows: (read) => read.map((r) => rowOf(JSON.parse(r.row_json as string) as unknown[])),
    };
    jsonRowReaders.set(key, reader);
  }
  return reader;
}

/**
 * The longest offset skip SQLite reads without the time guard (~1-2 ms of index entries): 100,000 rows, page 4,000 of
 * 25, unless LIST_UNGUARDED_SKIP_MAX says otherwise (read when used, so a test can lower it).
 */
export const unguardedSkipMax = (): number => {
  const rows = Number(process.env.LIST_UNGUARDED_SKIP_MAX);
  return process.env.LIST_UNGUARDED_SKIP_MAX && Number.isInteger(rows) && rows >= 0 ? rows : 100_000;
};

/** Whether the actor sees every row of the list (no tenant or location restriction) and no filter narrows it. */
function unrestricted(db: Kysely<Database>, spec: ListSpec<any>, q: ListQuery, actor: RequestActor): boolean {
  if (Object.keys(q.filters).length) return false;
  const all = (db as unknown as Kysely<any>).selectFrom(spec.table);
  return spec.restrict(all, actor, q) === all;
}

/** Whether the list's statement has no WHERE at all: every row, no filter, no search. */
const unfiltered = (db: Kysely<Database>, spec: ListSpec<any>, q: ListQuery, actor: RequestActor) => !q.search && unrestricted(db, spec, q, actor);

/** Whether the search index found over SEARCH_HITS_CAP matches and nothing else narrows them (no filter, no tenant). */
const commonTermOnly = (db: Kysely<Database>, spec: ListSpec<any>, q: ListQuery, actor: RequestActor) =>
  q.searchHits === 'many' && unrestricted(db, spec, q, actor);

/** The page's rows: seek from the cursor, read from the start, or skip `offset` rows by id only, then fetch those. */
async function pageRows(
  db: Kysely<Database>,
  dialect: Dialect,
  spec: ListSpec<any>,
  q: ListQuery,
  actor: RequestActor,
  columns: string[],
): Promise<Record<string, any>[]> {
  const t = spec.table;
  const dir = q.sort.desc ? 'desc' : 'asc';
  const sortBy = (qb: AnyQuery) => (q.sort.field === 'id' ? qb.orderBy(`${t}.id`, dir) : qb.orderBy(`${t}.${q.sort.field}`, dir).orderBy(`${t}.id`, dir));
  // PostgreSQL reads the page's related values in the same statement (spec.pageExtras); SQLite reads them apart.
  const extras = dialect === 'postgres' && !q.light ? Object.entries(spec.pageExtras ?? {}) : [];
  const { selection, rows } = selectRows(dialect, columns.map((c) => `${t}.${c}`), extras);
  const offset = (q.page - 1) * q.perPage;
  const seek = spec.seekable?.includes(q.sort.field) ? decodeCursor(q) : undefined;
  // An offset skip with no WHERE at all, on a list whose every sort is an index walk (spec.sortsIndexed), reads exactly
  // offset + perPage entries of the sort's index (~12 ns each on SQLite): bounded by the page and the table, it needs
  // no time guard, whose test on every row read made page 400's skip cost 4x (issue 11: 120 against 520 µs of SQL).
  // Anything that filters keeps it, and so does a sort no index serves: that skip sorts the whole table first. A skip
  // beyond unguardedSkipMax() rows keeps it too, so an unguarded statement costs at most a few ms whatever the table.
  const bounded = !seek && offset > 0 && offset <= unguardedSkipMax() && spec.sortsIndexed === true && unfiltered(db, spec, q, actor);
  let qb = filteredQuery(db, dialect, spec, q, actor, bounded ? undefined : tableGuard(dialect, t));
  if (seek) {
    const op = q.sort.desc ? '<' : '>';
    qb = q.sort.field === 'id'
      ? qb.where(`${t}.id`, op, seek.id)
      : qb.where((eb: any) => eb(eb.refTuple(`${t}.${q.sort.field}`, `${t}.id`), op, eb.tuple(seek.value, seek.id)));
    return rows(await sortBy(qb).select(selection).limit(q.perPage).execute());
  }
  if (offset === 0) return rows(await sortBy(qb).select(selection).limit(q.perPage).execute());
  // Skipping rows reads only the index (id and sort key): full rows are fetched for the page alone, in the order of
  // the page's own keys (ordering by the table's columns would let SQLite walk the table's index to the page instead).
  const keys = sortBy(qb).select([`${t}.id as page_id`, `${t}.${q.sort.field} as page_key`]).limit(q.perPage).offset(offset);
  const page: AnyQuery = (db as unknown as Kysely<any>).selectFrom(keys.as('page')).innerJoin(t, `${t}.id`, 'page.page_id');
  return rows(await page.select(selection).orderBy('page.page_key', dir).orderBy('page.page_id', dir).execute());
}


/** Runs a list request end to end. `present` masks and shapes each row for the actor. */
export async function runList(
  db: Kysely<Database>,
  dialect: Dialect,
  spec: ListSpec<any>,
  q: ListQuery,
  actor: RequestActor,
  present: (row: Record<string, unknown>) => Record<string, unknown>,
): Promise<ListResult> {
  const reader = listReader(db);
  if (q.search && spec.searchHits && !spec.searchPrefixShape?.test(q.search)) {
    // A common term stays common for a while: remembered like a capped total (list-count-cache.ts), it skips the index.
    const commonKey = `search|${spec.table}|${q.search.toLowerCase()}`;
    const hits = knownCapped(reader, commonKey) ? 'many' : await limited(() => spec.searchHits!(reader, q.search, dialect, SEARCH_HITS_CAP, guardFor(dialect, sql`rowid`)));
    if (hits === 'many') rememberCapped(reader, commonKey);
    q = { ...q, searchHits: hits };
  }

  if (q.listIds) {
    const ids = await limited(() => listIds(db, dialect, spec, q, actor));
    return { data: ids, meta: { total: ids.length, capped: ids.length === LIST_IDS_CAP } };
  }

  const offset = (q.page - 1) * q.perPage;
  const columns = q.light ? ['id', ...spec.light.columns] : ['id', ...spec.columns.filter((c) => c !== 'id')];
  const rows = await limited(() => pageRows(reader, dialect, spec, q, actor, columns));

  let total: number;
  let totalCapped = false;
  let countAs: string | undefined;
  if (rows.length > 0 && rows.length < q.perPage) total = offset + rows.length;
  else if (rows.length === 0 && q.page === 1) total = 0;
  else if ((rows.length > 0 && offset + rows.length > COUNT_CAP) || commonTermOnly(reader, spec, q, actor) || knownCapped(reader, (countAs ??= countKey(spec.table, actor, q)))) {
    // A full page beyond the cap, a common term searched across every row, or a list counted over the cap a moment
    // ago (list-count-cache.ts): more than COUNT_CAP rows, no count. An empty page past the end is counted, or says
    // the cap: its offset says nothing about the list (page 99999999 of 8 users once read as 2.5 billion).
    total = rows.length ? Math.max(COUNT_CAP, offset + rows.length) : COUNT_CAP;
    totalCapped = true;
  } else {
    total = await limited(() => cappedCount(reader, filteredQuery(reader, dialect, spec, q, actor, tableGuard(dialect, spec.table))));
    if (total > COUNT_CAP) {
      total = COUNT_CAP;
      totalCapped = true;
      rememberCapped(reader, countAs);
    }
    if (rows.length) total = Math.max(total, offset + rows.length);
  }

  const meta: Record<string, unknown> = {
    total,
    page: q.page,
    perPage: q.perPage,
    from: rows.length ? offset + 1 : 0,
    to: rows.length ? offset + rows.length : 0,
    actions: {},
  };
  if (totalCapped) meta.totalCapped = true;
  const last = rows[rows.length - 1];
  if (rows.length === q.perPage && spec.seekable?.includes(q.sort.field) && last[q.sort.field] != null) meta.next = encodeCursor(q, last);

  if (q.light) {
    return { data: rows.map((r) => ({ id: r.id, name: spec.light.name(r), ...spec.light.extra?.(r) })), meta };
  }
  if (spec.decorate) await spec.decorate(rows, db);
  if (spec.actions) meta.actions = await spec.actions(rows, actor, db);
  return { data: rows.map(present), meta };
}

/** The query that asks a restriction for given ids only (no search, filter or paging): records by id, live scoping. */
export const BY_ID_VIEW: ListQuery = {
  page: 1,
  perPage: 1,
  search: '',
  sort: { field: 'id', desc: false },
  filters: {},
  scope: 'all',
  light: false,
  listIds: false,
};
