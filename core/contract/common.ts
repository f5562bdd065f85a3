/**
 * Shapes shared by many routes: path parameters, the list query, the response envelopes and the error body.
 * Records are open objects (`additionalProperties: true`): a resource's columns, its relations and what a
 * role may see vary, and the server serialises responses with JSON.stringify (api/server.ts), so a response
 * schema documents and types a payload without ever dropping a field.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { MAX_ID } from '../schemas/common.js';
import { scalarField } from './fields.js';

/** A record id in a path or a body: a positive integer that fits the id columns. */
export const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });

export const IdParams = Type.Object({ id: Id });
export type IdParams = Static<typeof IdParams>;

/** A route that takes no query parameters: unknown ones are ignored, as everywhere. */
export const NoQuery = Type.Object({}, { additionalProperties: true, description: 'no query parameters' });

/** A verb that takes no body: an empty JSON object (or none). Unknown fields are ignored. */
export const NoBody = Type.Object({}, { additionalProperties: true, description: 'no fields' });

const flag = (description: string) => Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('true'), Type.Literal('false')], { description }));

/**
 * GET /api/{resource}: paging, search, sort, filters (docs/resources.md "List query contract"). Filters are
 * read with indexed brackets (`filters[status][0]=20`) by the list engine, which refuses unknown ones (400).
 */
export const ListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    perPage: Type.Optional(Type.Integer({ minimum: 1, default: 25, description: 'capped at 100' })),
    search: Type.Optional(Type.String({ maxLength: 100 })),
    sort: Type.Optional(Type.String({ maxLength: 100, description: 'field or -field (descending)' })),
    scope: Type.Optional(Type.Union([Type.Literal('dropoff'), Type.Literal('pickup'), Type.Literal('all')], { description: 'locations only' })),
    light: flag('{ id, name } only (pickers)'),
    list_ids: flag('every matching id'),
    after: Type.Optional(Type.String({ maxLength: 500, description: 'meta.next of page - 1 of the same query: seek instead of skipping rows' })),
  },
  { additionalProperties: true, description: 'Filters: filters[field][0]=value (indexed brackets) or filters[field]=value.' },
);
export type ListQuery = Static<typeof ListQuery>;

/** Paging of the smaller lists (messages, webhook deliveries, import previews). */
export const PageQuery = Type.Object(
  { page: Type.Optional(scalarField([], 'page number, from 1 (default 1)')), perPage: Type.Optional(scalarField([], 'rows per page, 1..100 (default 25)')) },
  { additionalProperties: true },
);

/** A stored record as the API shows it: its columns (masked per role) plus relations. Open-ended. */
export type ApiRecord = Record<string, any>;
export const ApiRecord = Type.Unsafe<ApiRecord>(
  Type.Object(
    {
      id: Type.Integer(),
      created_at: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      updated_at: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    },
    { additionalProperties: true, description: 'the record: its columns (masked per role) and relations' },
  ),
);

/** The record's allowed actions (verbs and edit/delete) for the signed-in user, from the resource's policy. */
export const RecordMeta = Type.Object({ actions: Type.Array(Type.String()) }, { additionalProperties: true });
export type RecordMeta = Static<typeof RecordMeta> & Record<string, unknown>;

/** GET /api/{resource}/:id, POST, PUT and the verbs: `{ data, meta: { actions } }`. */
export const RecordResponse = <T extends TSchema = typeof ApiRecord>(record?: T) =>
  Type.Object({ data: record ?? ApiRecord, meta: RecordMeta }, { additionalProperties: true });
export const ShowResponse = RecordResponse();
export type ShowResponse = Static<typeof ShowResponse>;

/** GET /api/{resource}: `{ data, meta: { total, page, perPage, actions, next? } }`; `light` and `list_ids` vary `data`. */
export const ListResponse = Type.Object(
  {
    data: Type.Array(Type.Unsafe<unknown>(Type.Union([ApiRecord, Type.Integer()])), { description: 'records; { id, name } with light=1; ids with list_ids=1' }),
    meta: Type.Object(
      {
        total: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
        page: Type.Optional(Type.Integer()),
        perPage: Type.Optional(Type.Integer()),
        from: Type.Optional(Type.Integer({ description: 'position of the first row, from 1 (0 when none)' })),
        to: Type.Optional(Type.Integer({ description: 'position of the last row' })),
        totalCapped: Type.Optional(Type.Boolean({ description: 'total is a lower bound (count capped)' })),
        next: Type.Optional(Type.Union([Type.String(), Type.Null()])),
        actions: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
      },
      { additionalProperties: true },
    ),
  },
  { additionalProperties: true },
);
export type ListResponse = Static<typeof ListResponse>;
export type ListMeta = ListResponse['meta'];
/** A list of records (neither `light` nor `list_ids`), as the admin's dataProvider reads it. */
export type RecordListResponse = Omit<ListResponse, 'data'> & { data: ApiRecord[] };

export const DeleteResponse = Type.Object({ data: Type.Object({ id: Type.Integer() }) });
export type DeleteResponse = Static<typeof DeleteResponse>;

/** `{ data }` around any payload. */
export const DataOf = <T extends TSchema>(data: T) => Type.Object({ data }, { additionalProperties: true });

/** Every refusal: a code, a message in the user's language, field messages for validation errors. */
export const ErrorBody = Type.Object({
  code: Type.String(),
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type ErrorBody = Static<typeof ErrorBody>;

/** A message-only answer (password links, sign-in banners). */
export const MessageResponse = Type.Object({ message: Type.String() });
