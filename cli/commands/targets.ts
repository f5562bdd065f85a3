/**
 * Targets and options of the bulk operation commands (`shipments …`, `packages …`), checked once before
 * anything runs: a wrong id, status, choice, merchant or location is named with the option and value
 * (exit code 1, nothing done), and a refusal with field problems names the option behind the field.
 */
import type { DomainError } from '../../core/errors.js';
import { statusCodes } from '../../core/statuses.js';
import type { Translate } from '../../core/validation.js';
import type { Database } from '../../api/db/tables.js';
import type { Kysely } from 'kysely';
import { CliError } from '../errors.js';
import { positiveId } from './cli-import-support.js';

export type OpResource = 'shipments' | 'packages';

/** What the --status / --merchant filter asks for, checked. */
export interface OpFilter {
  status?: number;
  merchant?: number;
}

/** Shipment ids as typed: each one a positive whole number, else the first wrong one is named. */
export function shipmentIds(t: Translate, args: readonly string[]): number[] {
  return args.map((arg) => {
    if (!/^\d+$/.test(arg.trim()) || Number(arg) < 1) throw new CliError(t('cli.ops_not_shipment_id', { value: arg }));
    return Number(arg);
  });
}

/** --status: a status code of the resource's table; --merchant: an id (that it exists is checkMerchant's). */
export function parseFilter(t: Translate, resource: OpResource, opts: { status?: string; merchant?: string }): OpFilter {
  const filter: OpFilter = {};
  if (opts.status !== undefined) {
    const codes = statusCodes(resource);
    const value = opts.status.trim();
    if (!/^-?\d+$/.test(value) || !codes.includes(Number(value))) {
      throw new CliError(t(`cli.ops_bad_status_${resource}`, { value: opts.status, codes: codes.join(', ') }));
    }
    filter.status = Number(value);
  }
  if (opts.merchant !== undefined) filter.merchant = positiveId(t, opts.merchant, '--merchant');
  return filter;
}

/** One of a fixed set of values (e.g. --format a6|4x6), else the option, the value and the choices. */
export function choiceOption<T extends string>(t: Translate, option: string, value: string | undefined, allowed: readonly T[]): T {
  if (value !== undefined && (allowed as readonly string[]).includes(value)) return value as T;
  throw new CliError(t('cli.option_not_choice', { option, value: String(value), allowed: allowed.join(', ') }));
}

/** An id option naming a record (--merchant, --location, --target): the record must exist. */
export async function checkRecord(db: Kysely<Database>, t: Translate, option: string, table: 'merchants' | 'locations', id: number | undefined): Promise<void> {
  if (id === undefined) return;
  const row = await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw new CliError(t(table === 'merchants' ? 'cli.ops_no_merchant' : 'cli.ops_no_location', { option, value: id }));
}

/** Nothing named and nothing matched: what the resource takes, or which filter matched nothing. */
export function nothingToDo(t: Translate, resource: OpResource, filter: OpFilter): CliError {
  const given = [filter.status !== undefined ? `--status ${filter.status}` : '', filter.merchant !== undefined ? `--merchant ${filter.merchant}` : ''].filter(Boolean);
  if (!given.length) return new CliError(t(`cli.ops_no_targets_${resource}`));
  return new CliError(t(`cli.ops_no_match_${resource}`, { filter: given.join(' ') }));
}

/** The option behind a field of a refused operation, so that the refusal says what to change. */
const OPTION_OF_FIELD: Record<string, string> = {
  location_id: '--location',
  location: '--target', // a reroute's new drop-off location
  target_location_id: '--target',
  into: '--into',
  format: '--format',
};

/** A refusal in words: its field problems with the option names ("--location: …"), else the code's message. */
export function refusalMessage(t: Translate, error: DomainError): string {
  const problems = Object.entries(error.problems ?? {});
  if (!problems.length) return t(`errors.${error.code}`, error.params);
  return problems.map(([field, p]) => `${OPTION_OF_FIELD[field] ?? field}: ${t(p.key, p.params)}`).join('; ');
}
