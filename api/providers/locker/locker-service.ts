/**
 * The locker service (smartbox-v3 / smartbox-v4) as the operations see it. Implementations take the
 * caller's database executor so that the local one commits with the transition that asked for it;
 * a remote one would call its HTTP API and ignore it. Failures are DomainErrors with the SPEC's
 * provider codes (provider.dropoff_not_found, invalid_phone, invalid_phone_length,
 * already_registered, terminal_not_found, plus terminal_full).
 */
import type { Kysely, Transaction } from 'kysely';
import type { PackageSize } from '../../../core/constants.js';
import type { Database, Location } from '../../db/tables.js';

export type LockerDb = Kysely<Database> | Transaction<Database>;

/** Compartments by size: the numbers 1..SMALL are small, then medium, then large. */
export interface TerminalCompartments {
  SMALL: number;
  MEDIUM: number;
  LARGE: number;
}

/** What `locations.terminal` holds (JSON) once a terminal was created. */
export interface Terminal {
  id: string;
  layout: string;
  service: string;
  compartments: TerminalCompartments;
  created_at: string;
}

export interface RegisterRequest {
  location_id: number;
  shipment: { id: number; phone: string | null; country: string | null };
  packages: { id: number; size: PackageSize | string }[];
}

export interface Allocation {
  package_id: number;
  locker_number: string;
}

export interface RetrievableReceipt {
  /** The request was accepted; the compartment opens for the driver later ("may take several minutes"). */
  accepted: true;
  eta_seconds: number;
}

export interface LockerService {
  /** Creates the terminal of a locker location with one of the 15 layouts. */
  createTerminal(db: LockerDb, location: Location, layoutId: string, now: string): Promise<Terminal>;
  /** Registers a shipment to the terminal of its drop-off location: one compartment per package, by size. */
  registerShipment(db: LockerDb, request: RegisterRequest, now: string): Promise<Allocation[]>;
  /** A driver put the package in its compartment. */
  deposit(db: LockerDb, packageId: number): Promise<void>;
  /** The customer took the package out: the compartment is free again. */
  customerPickup(db: LockerDb, packageId: number): Promise<void>;
  /** Asks the terminal to let a driver retrieve an expired package (asynchronous on real terminals). */
  makeRetrievable(db: LockerDb, packageId: number): Promise<RetrievableReceipt>;
  /** The package left the terminal some other way (driver retrieval, reroute, cancel): free its compartment. */
  release(db: LockerDb, packageId: number): Promise<void>;
}
