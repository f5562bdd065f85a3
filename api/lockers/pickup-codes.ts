/**
 * Pickup codes (docs/lockers.md): one live code per package waiting in a locker, stored as a digest only.
 * Issuing replaces the package's previous code (a resend kills the old one); using it deletes it (single use).
 * A code is valid while its package is ready to collect and not past its expiry (core pickupRefusal), so an
 * extension keeps it valid without a new code.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { Executor } from '../resources/shared/op-context.js';
import { legacyPickupCodeDigest, lockerSecret, newPickupCode, pickupCodeDigest } from './locker-keys.js';

const DRAWS = 20;

/**
 * Gives the package a fresh code at the terminal (inside the caller's transaction) and answers the plain code,
 * which only the customer's message may carry. Draws again when the code is live for another package there.
 */
export async function issuePickupCode(db: Kysely<Database>, trx: Executor, packageId: number, locationId: number, now: string): Promise<string> {
  const secret = await lockerSecret(db, trx);
  await trx.deleteFrom('pickup_codes').where('package_id', '=', packageId).execute();
  for (let i = 0; i < DRAWS; i++) {
    const code = newPickupCode();
    const res = await trx
      .insertInto('pickup_codes')
      .values({ package_id: packageId, location_id: locationId, code_hash: pickupCodeDigest(secret, code), created_at: now })
      .onConflict((oc) => oc.columns(['location_id', 'code_hash']).doNothing())
      .executeTakeFirst();
    if (Number(res.numInsertedOrUpdatedRows ?? 0) === 1) return code;
  }
  throw new Error('pickup code: no free code after repeated draws');
}

/**
 * Moves the package's live code to the terminal it now sits in (the code follows the package: temporary storage,
 * its way back, a reroute). False when it has none, or when the same code is live for another package there (then
 * the caller issues a new one). (A code issued before digests stopped binding the terminal would not open
 * at the new one; such rows only exist from before the change.)
 */
export async function carryPickupCode(trx: Executor, packageId: number, locationId: number): Promise<boolean> {
  const row = await trx.selectFrom('pickup_codes').select(['location_id', 'code_hash']).where('package_id', '=', packageId).executeTakeFirst();
  if (!row) return false;
  if (row.location_id === locationId) return true;
  const taken = await trx.selectFrom('pickup_codes').select('package_id').where('location_id', '=', locationId).where('code_hash', '=', row.code_hash).executeTakeFirst();
  if (taken) return false;
  await trx.updateTable('pickup_codes').set({ location_id: locationId }).where('package_id', '=', packageId).execute();
  return true;
}

/** The package whose live code at this terminal this is, if any. */
export async function findByCode(db: Kysely<Database>, locationId: number, code: string): Promise<number | undefined> {
  const secret = await lockerSecret(db);
  const row = await db.selectFrom('pickup_codes').select('package_id').where('location_id', '=', locationId).where('code_hash', 'in', [pickupCodeDigest(secret, code), legacyPickupCodeDigest(secret, locationId, code)]).executeTakeFirst();
  return row?.package_id;
}

/** Uses the code up (single use): true for the one caller that deleted it. */
export async function consumeCode(trx: Executor, packageId: number, locationId: number): Promise<boolean> {
  const res = await trx.deleteFrom('pickup_codes').where('package_id', '=', packageId).where('location_id', '=', locationId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** The package left the locker some other way (driver retrieval, reroute, lost): its code dies. */
export async function dropPickupCode(trx: Executor, packageId: number): Promise<void> {
  await trx.deleteFrom('pickup_codes').where('package_id', '=', packageId).execute();
}
