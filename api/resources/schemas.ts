/**
 * Route schemas for params and query strings (they feed the OpenAPI document). Bodies are validated by the
 * core schemas so messages are the SPEC's; the list query is re-parsed with qs for indexed brackets.
 */
export const idParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 } },
  required: ['id'],
} as const;

export const listQuerystring = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, default: 1 },
    perPage: { type: 'integer', minimum: 1, default: 25, description: 'capped at 100' },
    search: { type: 'string', maxLength: 100 },
    sort: { type: 'string', description: 'field or -field (descending)' },
    scope: { type: 'string', enum: ['dropoff', 'pickup', 'all'], description: 'locations only' },
    light: { type: 'string', enum: ['0', '1', 'true', 'false'] },
    list_ids: { type: 'string', enum: ['0', '1', 'true', 'false'] },
    after: { type: 'string', maxLength: 500, description: 'meta.next of page - 1 of the same query: seek instead of skipping rows' },
  },
  additionalProperties: true,
  description: 'Filters: filters[field][0]=value (indexed brackets) or filters[field]=value.',
} as const;

export const canParams = {
  type: 'object',
  properties: { action: { type: 'string', maxLength: 60 }, singular: { type: 'string', maxLength: 60 } },
  required: ['action', 'singular'],
} as const;
