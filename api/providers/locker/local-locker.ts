/**
 * Local locker service used in development and tests: behaves like a terminal. A terminal has one of
 * the 15 layouts (core LOCKER_LAYOUTS), split into small, medium and large compartments; each package
 * of a registered shipment reserves the lowest free compartment of its size (or the next larger one);
 * no fitting compartment -> provider.terminal_full. Occupancy lives in `locker_compartments`, whose
 * primary key (location, compartment) makes a double allocation impossible even across processes.
 */
import { validatePhoneNumberLength, isValidPhoneNumber, type CountryCode } from 'libphonenumber-js';
import { LOCKER_LAYOUTS } from '../../../core/constants.js';
import { DomainError } from '../../../core/errors.js';
import type { Location } from '../../db/tables.js';
import type { Allocation, LockerDb, LockerService, RegisterRequest, Terminal, TerminalCompartments } from './locker-service.js';

const SIZE_ORDER = ['SMALL', 'MEDIUM', 'LARGE'] as const;
/** How long the local terminal pretends a make-retrievable request takes. */
export const RETRIEVABLE_ETA_SECONDS = 300;

/** Half small, three tenths medium, the rest large. */
export function layoutCompartments(total: number): TerminalCompartments {
  const SMALL = Math.round(total * 0.5);
  const MEDIUM = Math.round(total * 0.3);
  return { SMALL, MEDIUM, LARGE: total - SMALL - MEDIUM };
}

/** The compartment numbers of one size: 1..SMALL, then medium, then large. */
function numbersOf(c: TerminalCompartments, size: (typeof SIZE_ORDER)[number]): number[] {
  const start = size === 'SMALL' ? 1 : size === 'MEDIUM' ? c.SMALL + 1 : c.SMALL + c.MEDIUM + 1;
  return Array.from({ length: c[size] }, (_, i) => start + i);
}

export function parseTerminal(location: Pick<Location, 'terminal'>): Terminal | null {
  if (!location.terminal) return null;
  try {
    const t = JSON.parse(location.terminal) as Terminal;
    return t && t.compartments ? t : null;
  } catch {
    return null;
  }
}

/** SPEC provider codes for the customer's phone (the terminal texts the pickup code to it). */
export function checkPhone(phone: string | null, country: string | null): void {
  if (!phone) throw new DomainError('provider.invalid_phone');
  const cc = (country || 'BS') as CountryCode;
  try {
    const length = validatePhoneNumberLength(phone, cc);
    if (length === 'TOO_SHORT' || length === 'TOO_LONG' || length === 'INVALID_LENGTH') throw new DomainError('provider.invalid_phone_length');
    if (length || !isValidPhoneNumber(phone, cc)) throw new DomainError('provider.invalid_phone');
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError('provider.invalid_phone');
  }
}

async function lockerLocation(db: LockerDb, id: number): Promise<Location> {
  const location = await db.selectFrom('locations').selectAll().where('id', '=', id).executeTakeFirst();
  if (!location || location.active !== 1 || location.class !== 'locker') throw new DomainError('provider.dropoff_not_found');
  return location;
}

export function createLocalLockerService(): LockerService {
  return {
    async createTerminal(db, location, layoutId, now) {
      const layout = LOCKER_LAYOUTS.find((l) => l.id === layoutId);
      if (!layout) throw new DomainError('validation.failed', 'validation.failed', { fields: { terminalLayout: 'validation.in' }, problems: { terminalLayout: { key: 'validation.in' } } });
      if (location.class !== 'locker') throw new DomainError('location.not_a_locker');
      if (parseTerminal(location)) throw new DomainError('provider.terminal_exists');
      const terminal: Terminal = {
        id: `${location.locker_service ?? 'smartbox-v4'}:${location.code}`,
        layout: layout.id,
        service: location.locker_service ?? 'smartbox-v4',
        compartments: layoutCompartments(layout.compartments),
        created_at: now,
      };
      const res = await db.updateTable('locations').set({ terminal: JSON.stringify(terminal), updated_at: now }).where('id', '=', location.id).where('terminal', 'is', null).executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw new DomainError('provider.terminal_exists');
      return terminal;
    },

    async registerShipment(db, request: RegisterRequest, now) {
      const location = await lockerLocation(db, request.location_id);
      const terminal = parseTerminal(location);
      if (!terminal) throw new DomainError('provider.terminal_not_found');
      checkPhone(request.shipment.phone, request.shipment.country);
      const ids = request.packages.map((p) => p.id);
      const held = ids.length ? await db.selectFrom('locker_compartments').select('package_id').where('package_id', 'in', ids).executeTakeFirst() : undefined;
      if (held) throw new DomainError('provider.already_registered');
      const allocations: Allocation[] = [];
      for (const pkg of request.packages) {
        const fits = SIZE_ORDER.slice(Math.max(0, SIZE_ORDER.indexOf(pkg.size as (typeof SIZE_ORDER)[number])));
        if (!SIZE_ORDER.includes(pkg.size as never)) throw new DomainError('provider.terminal_full');
        let number: number | null = null;
        for (const size of fits) {
          // Lowest free compartment; a concurrent registration taking it first makes the insert a no-op: try the next.
          for (;;) {
            // Held doors and doors out of service are not free (issue 13).
            const [held, out] = await Promise.all([
              db.selectFrom('locker_compartments').select('compartment').where('location_id', '=', location.id).execute(),
              db.selectFrom('locker_doors_out').select('compartment').where('location_id', '=', location.id).execute(),
            ]);
            const taken = new Set([...held, ...out].map((r) => r.compartment));
            const free = numbersOf(terminal.compartments, size).find((n) => !taken.has(n));
            if (free === undefined) break;
            const res = await db
              .insertInto('locker_compartments')
              .values({ location_id: location.id, compartment: free, size, package_id: pkg.id, shipment_id: request.shipment.id, state: 'reserved', created_at: now })
              .onConflict((oc) => oc.columns(['location_id', 'compartment']).doNothing())
              .executeTakeFirst();
            if (Number(res.numInsertedOrUpdatedRows ?? 0) === 1) {
              number = free;
              break;
            }
          }
          if (number !== null) break;
        }
        if (number === null) throw new DomainError('provider.terminal_full');
        allocations.push({ package_id: pkg.id, locker_number: String(number) });
      }
      return allocations;
    },

    async deposit(db, packageId) {
      const res = await db.updateTable('locker_compartments').set({ state: 'occupied' }).where('package_id', '=', packageId).executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw new DomainError('provider.terminal_not_found');
    },

    async customerPickup(db, packageId) {
      await db.deleteFrom('locker_compartments').where('package_id', '=', packageId).execute();
    },

    async makeRetrievable(db, packageId) {
      await db.updateTable('locker_compartments').set({ state: 'retrievable' }).where('package_id', '=', packageId).execute();
      return { accepted: true, eta_seconds: RETRIEVABLE_ETA_SECONDS };
    },

    async release(db, packageId) {
      await db.deleteFrom('locker_compartments').where('package_id', '=', packageId).execute();
    },
  };
}
