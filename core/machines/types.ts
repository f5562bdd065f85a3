/** Shapes shared by the package and shipment state machines. Pure data: no I/O, browser-safe. */
import type { LocationClass } from '../constants.js';
import type { ErrorCode } from '../errors.js';
import type { StorageRules } from './storage.js';

/** A database boolean (0/1) or a plain boolean. */
export type Flag = boolean | number;

export const isSet = (value: Flag | null | undefined): boolean => value === true || (typeof value === 'number' && value !== 0);

/**
 * Role value of the system actor: the scheduler, the locker service's callbacks and the customer's
 * public response. It may run only the actions whose rule says `system: true`.
 */
export const SYSTEM_ROLE = 0;

/** The one who acts, as the machines see it. */
export interface MachineActor {
  /** User id; null for the system actor. */
  id: number | null;
  /** One role bit (core/roles.ts), or SYSTEM_ROLE. */
  role: number;
  /** Locations a PUDO or warehouse user works at. */
  location_ids?: readonly number[];
}

export const SYSTEM_ACTOR: MachineActor = { id: null, role: SYSTEM_ROLE };

/** A location as the machines see it. */
export interface MachineLocation {
  id: number;
  class: LocationClass;
  /** Days a package stays available before it expires (location setting; default DEFAULT_STORAGE_DAYS). */
  storage_days?: number | null;
  /** The location's storage rules (core/machines/storage.ts); absent: from storage_days with today's defaults. */
  storage?: StorageRules;
}

export interface Refusal {
  ok: false;
  code: ErrorCode;
}

export const refuse = (code: ErrorCode): Refusal => ({ ok: false, code });
