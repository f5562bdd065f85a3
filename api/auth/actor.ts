/** Builds the request actor and the current-user payload (GET /api/user) from a user row. */
import type { CurrentUser } from '../../core/contract/index.js';
import type { Kysely } from 'kysely';
import { ALL_FEATURES } from '../../core/features.js';
import { isAdminRole } from '../../core/roles.js';
import { userMerchantId } from '../../core/policies/users.policy.js';
import type { Database, User } from '../db/tables.js';
import type { RequestActor } from '../http/context.js';

export async function loadActor(
  db: Kysely<Database>,
  user: User,
  via: RequestActor['via'],
  credential: { sessionId?: string; tokenId?: number } = {},
): Promise<RequestActor> {
  // Only merchant roles belong to a merchant: a staff row carrying a merchant id (legacy data) acts without one.
  const merchantId = userMerchantId(user.role, user.merchant_id);
  const [merchant, locations] = await Promise.all([
    merchantId == null ? undefined : db.selectFrom('merchants').select(['features']).where('id', '=', merchantId).executeTakeFirst(),
    db.selectFrom('user_locations').select(['location_id']).where('user_id', '=', user.id).orderBy('location_id').execute(),
  ]);
  return {
    id: user.id,
    role: user.role,
    merchant_id: merchantId,
    features: merchant?.features ?? 0,
    location_ids: locations.map((l) => l.location_id),
    user,
    via,
    session_id: credential.sessionId,
    token_id: credential.tokenId,
  };
}

function parseJson<T>(text: string | null | undefined, fallback: T): T {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

export type { CurrentUser };

export async function currentUserPayload(db: Kysely<Database>, user: User): Promise<CurrentUser> {
  const merchantId = userMerchantId(user.role, user.merchant_id);
  const [merchant, locations] = await Promise.all([
    merchantId == null ? undefined : db.selectFrom('merchants').select(['id', 'name', 'features']).where('id', '=', merchantId).executeTakeFirst(),
    db
      .selectFrom('user_locations')
      .innerJoin('locations', 'locations.id', 'user_locations.location_id')
      .select(['locations.id', 'locations.name', 'locations.class'])
      .where('user_locations.user_id', '=', user.id)
      .orderBy('locations.id')
      .execute(),
  ]);
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    role: user.role,
    merchant_id: merchantId,
    merchant: merchant ?? null,
    features: isAdminRole(user.role) ? ALL_FEATURES : (merchant?.features ?? 0),
    locale: user.locale,
    country: user.country,
    preferences: parseJson(user.preferences, {}),
    location_ids: locations.map((l) => l.id),
    locations,
  };
}
