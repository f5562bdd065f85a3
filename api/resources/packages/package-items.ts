/**
 * Package items as they arrive in a shipment body or POST /api/packages: validation, barcodes (generated
 * with a check digit when absent, unique), the oversized-needs-PUDO rule and the no-warehouse drop-off rule.
 */
import { customerDropoffRefusal, lockerPhoneRefusal, oversizedRefusal } from '../../../core/policies/packages.policy.js';
import { generateBarcode, normalizeCode } from '../../../core/identifiers.js';
import type { Location } from '../../db/tables.js';
import type { Db } from '../access.js';
import { takenBarcodes } from '../shipments/shipments.repository.js';
import { fieldError } from '../validate.js';

export interface PackageItem {
  id?: number;
  size: string;
  description: string | null;
  barcode: string;
}

/** Normalised item values (validated by the caller with schemas.packageItem). */
export function itemValues(raw: unknown): Record<string, unknown> {
  const item = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
  const barcode = text(item.barcode);
  return {
    ...(item.id !== undefined ? { id: item.id } : {}),
    size: typeof item.size === 'string' ? item.size.trim().toUpperCase() : item.size,
    description: text(item.description),
    barcode: barcode ? normalizeCode(barcode) : null,
  };
}

/**
 * Gives every item a barcode and checks uniqueness within the list and against stored packages
 * (other than `ownIds`, the packages being edited). `field(i)` names the item in field errors.
 */
export async function assignBarcodes(db: Db, items: Record<string, unknown>[], ownIds: number[], field: (i: number) => string): Promise<PackageItem[]> {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const code = item.barcode as string | null;
    if (!code) return;
    if (seen.has(code)) fieldError(field(i), 'validation.unique');
    seen.add(code);
  });
  const taken = await takenBarcodes(db, [...seen], ownIds);
  items.forEach((item, i) => {
    if (item.barcode && taken.has(item.barcode as string)) fieldError(field(i), 'validation.unique');
  });
  const out: PackageItem[] = [];
  for (const item of items) {
    let barcode = item.barcode as string | null;
    while (!barcode) {
      const candidate = generateBarcode();
      if (!seen.has(candidate) && !(await takenBarcodes(db, [candidate])).size) barcode = candidate;
    }
    seen.add(barcode);
    out.push({ ...(typeof item.id === 'number' ? { id: item.id } : {}), size: item.size as string, description: (item.description as string) ?? null, barcode });
  }
  return out;
}

/** SPEC section 5: oversized packages require a PUDO drop-off location. */
export function checkOversized(sizes: string[], dropoff: Pick<Location, 'class'> | undefined | null): void {
  if (oversizedRefusal(sizes, dropoff)) {
    fieldError('dropoff_location_id', 'errors.package.oversized_needs_pudo', 'package.oversized_needs_pudo');
  }
}

/** A locker texts the pickup code to the customer's mobile (core `lockerPhoneRefusal`): a coded 422 on `phone`. */
export function checkLockerPhone(phone: unknown, dropoff: Pick<Location, 'class'>): void {
  const code = lockerPhoneRefusal(phone, dropoff);
  if (code) fieldError('phone', `errors.${code}`, code);
}

/** A warehouse is never a customer's drop-off (core `customerDropoffRefusal`): a coded 422 on the given field. */
export function checkCustomerDropoff(field: string, dropoff: Pick<Location, 'class'>): void {
  const code = customerDropoffRefusal(dropoff);
  if (code) fieldError(field, `errors.${code}`, code);
}
