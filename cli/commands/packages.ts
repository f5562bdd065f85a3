/**
 * `lockerline packages <action>`: runs a package verb (the API's services, in-process) on packages given
 * by id or barcode, or chosen by a filter; --dry-run asks the state machine only; a progress line on
 * stderr, then a summary of done / refused-with-reason (or --json). Also the shared runner of
 * `lockerline shipments` (shipments.ts).
 */
import { outcomeCounts } from '../../core/i18n/index.js';
import type { Command } from 'commander';
import { DomainError, isDomainError } from '../../core/errors.js';
import { packageRefusal, type PackageAction } from '../../core/machines/index.js';
import type { Translate } from '../../core/validation.js';
import { loadActor } from '../../api/auth/actor.js';
import type { RequestActor } from '../../api/http/context.js';
import type { FastifyInstance } from 'fastify';
import { actorFeatures, machineActor, type OpContext } from '../../api/resources/shared/op-context.js';
import { runPackageAction } from '../../api/resources/packages/package-actions.service.js';
import { PACKAGE_VERBS } from '../../api/resources/packages/package-rules.js';
import { findByBarcode, findPackageInScope, scopePackages } from '../../api/resources/packages/package-scope.js';
import { CliError, CliExit } from '../errors.js';
import type { CliIo } from '../io.js';
import { withServices } from '../services.js';
import { cliTranslator } from '../i18n.js';
import { positiveId } from './cli-import-support.js';
import { checkRecord, nothingToDo, parseFilter, refusalMessage, type OpFilter } from './targets.js';

export interface CommonOptions {
  status?: string;
  merchant?: string;
  dryRun?: boolean;
  json?: boolean;
  as?: string;
}

export interface Outcome {
  done: number[];
  /** id null with the barcode: a barcode that names no package (in the actor's scope). */
  refused: { id: number | null; barcode?: string; code: string; message: string }[];
}

/** The user the command acts as: --as EMAIL, else the first active superadmin. */
export async function cliActor(app: FastifyInstance, email: string | undefined, t: Translate): Promise<RequestActor> {
  let qb = app.db.selectFrom('users').selectAll().where('active', '=', 1);
  qb = email ? qb.where('email', '=', email.trim().toLowerCase()) : qb.where('role', '=', 1).orderBy('id');
  const user = await qb.executeTakeFirst();
  if (!user) throw new CliError(t('cli.ops_unknown_user', { email: email ?? 'superadmin' }));
  return loadActor(app.db, user, 'token');
}

/** --status and --merchant: the filter that picks targets besides the ones named. */
export function addFilterOptions(command: Command, t: Translate): Command {
  return command.option('--status <code>', t('cli.option_status')).option('--merchant <id>', t('cli.option_merchant_filter'));
}

/** --as, --dry-run and --json, common to every bulk operation command. */
export function addRunOptions(command: Command, t: Translate): Command {
  return command.option('--as <email>', t('cli.option_as')).option('--dry-run', t('cli.option_dry_run')).option('--json', t('cli.option_json'));
}

/** Runs `work` on each id with a progress line; refusals (coded errors) are collected, other errors end the run. */
export async function runEach(io: CliIo, t: Translate, ids: number[], opts: CommonOptions, work: (id: number) => Promise<void>, refused: Outcome['refused'] = []): Promise<Outcome> {
  const outcome: Outcome = { done: [], refused: [...refused] };
  const step = Math.max(1, Math.floor(ids.length / 20));
  for (const [i, id] of ids.entries()) {
    try {
      await work(id);
      outcome.done.push(id);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      outcome.refused.push({ id, code: error.code, message: refusalMessage(t, error) });
    }
    if (!opts.json && ((i + 1) % step === 0 || i + 1 === ids.length)) io.err(t('cli.ops_progress', { done: i + 1, total: ids.length }));
  }
  return outcome;
}

export function report(io: CliIo, t: Translate, outcome: Outcome, opts: CommonOptions): void {
  if (opts.json) io.out(JSON.stringify({ dry_run: Boolean(opts.dryRun), ...outcome }));
  else {
    io.out(t(opts.dryRun ? 'cli.ops_summary_dry' : 'cli.ops_summary', outcomeCounts(t, outcome.done.length, outcome.refused.length, opts.dryRun)));
    for (const r of outcome.refused) {
      io.out(r.barcode === undefined ? t('cli.ops_refused', { id: r.id ?? '', code: r.code, message: r.message }) : t('cli.ops_refused_barcode', { barcode: r.barcode, message: r.message }));
    }
  }
  if (outcome.refused.length && outcome.done.length === 0) throw new CliExit(1);
  if (outcome.refused.length) throw new CliExit(2);
}

interface PackageOptions extends CommonOptions {
  location?: string;
  target?: string;
  into?: string;
}

/** The packages named (ids, or barcodes found in scope) and those the filter picks; barcodes that name none. */
async function packageTargets(app: FastifyInstance, actor: RequestActor, targets: string[], filter: OpFilter): Promise<{ ids: number[]; unknownBarcodes: string[] }> {
  const ids: number[] = [];
  const unknownBarcodes: string[] = [];
  for (const target of targets) {
    if (/^\d+$/.test(target)) ids.push(Number(target));
    else {
      const pkg = await findByBarcode(app.db, actor, target);
      if (pkg) ids.push(pkg.id);
      else unknownBarcodes.push(target);
    }
  }
  if (filter.status !== undefined || filter.merchant !== undefined) {
    let qb = scopePackages(app.db.selectFrom('packages').selectAll('packages'), actor);
    if (filter.status !== undefined) qb = qb.where('packages.status', '=', filter.status);
    if (filter.merchant !== undefined) qb = qb.where('packages.merchant_id', '=', filter.merchant);
    ids.push(...(await qb.orderBy('packages.id').limit(10_000).execute()).map((p) => p.id));
  }
  return { ids: [...new Set(ids)], unknownBarcodes: [...new Set(unknownBarcodes)] };
}

export function registerPackageCommands(program: Command, io: CliIo): void {
  const t = cliTranslator(io.env);
  const command = program
    .command('packages')
    .description(t('cli.packages'))
    .argument('<action>', t('cli.packages_action', { actions: PACKAGE_VERBS.join(', ') }))
    .argument('[targets...]', t('cli.arg_package_targets'));
  addFilterOptions(command, t)
    .option('--location <id>', t('cli.option_location'))
    .option('--target <id>', t('cli.option_target'))
    .option('--into <package>', t('cli.option_into'));
  addRunOptions(command, t).action(async (action: string, targets: string[], opts: PackageOptions) => {
      if (!(PACKAGE_VERBS as readonly string[]).includes(action)) throw new CliError(t('cli.ops_unknown_action', { action, actions: PACKAGE_VERBS.join(', ') }));
      const verb = action as PackageAction;
      const filter = parseFilter(t, 'packages', opts);
      const locationId = opts.location === undefined ? undefined : positiveId(t, opts.location, '--location');
      const targetId = opts.target === undefined ? undefined : positiveId(t, opts.target, '--target');
      await withServices(io, async ({ app }) => {
        const actor = await cliActor(app, opts.as, t);
        await checkRecord(app.db, t, '--merchant', 'merchants', filter.merchant);
        await checkRecord(app.db, t, '--location', 'locations', locationId);
        await checkRecord(app.db, t, '--target', 'locations', targetId);
        const { ids, unknownBarcodes } = await packageTargets(app, actor, targets, filter);
        if (!ids.length && !unknownBarcodes.length) throw nothingToDo(t, 'packages', filter);
        const notFound = unknownBarcodes.map((barcode) => ({ id: null, barcode, code: 'package.not_found_by_barcode', message: t('cli.ops_no_barcode') }));
        const outcome = await runEach(io, t, ids, opts, async (id) => {
          const pkg = await findPackageInScope(app.db, actor, id);
          if (!pkg) throw new DomainError('not_found');
          const ctx: OpContext = { db: app.db, dialect: app.dialect, now: app.clock.now(), actor };
          if (opts.dryRun) {
            const code = packageRefusal(pkg, verb, { actor: machineActor(actor), features: actorFeatures(actor), now: ctx.now });
            if (code) throw new DomainError(code);
            return;
          }
          await runPackageAction(ctx, pkg, verb, { location_id: locationId, target_location_id: targetId, into: opts.into });
        }, notFound);
        report(io, t, outcome, opts);
      });
    });
}
