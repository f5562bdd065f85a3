/**
 * `lockerline shipments register|print|request-pickup|cancel`: shipments given by id or chosen by a filter,
 * through the API's services in-process, with --dry-run, a progress line, a summary (or --json) and,
 * for print, the labels written to --out FILE (streamed page by page).
 */
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import type { Command } from 'commander';
import { DomainError } from '../../core/errors.js';
import { shipmentRefusal } from '../../core/machines/index.js';
import { isDraftShipment } from '../../core/policies/shipments.policy.js';
import type { Shipment } from '../../api/db/tables.js';
import { createLabelDocument, drawLabel, LABEL_FORMATS, labelCaptions, type LabelFormat } from '../../api/labels/label.js';
import { shipmentLabels } from '../../api/labels/label-data.js';
import { machineActor, type OpContext } from '../../api/resources/shared/op-context.js';
import { SHIPMENT_VERBS } from '../../api/resources/shipments/shipment-actions.service.js';
import { RESOURCE_MODULES } from '../../api/resources/index.js';
import { loadVisible, scopeVisible } from '../../api/resources/records.js';
import type { CliIo } from '../io.js';
import { cliTranslator } from '../i18n.js';
import { withServices } from '../services.js';
import { addFilterOptions, addRunOptions, cliActor, report, runEach, type CommonOptions } from './packages.js';
import { checkRecord, choiceOption, nothingToDo, parseFilter, shipmentIds } from './targets.js';

const LABEL_FORMAT_NAMES = Object.keys(LABEL_FORMATS) as LabelFormat[];

const ACTIONS = ['register', 'print', 'request-pickup', 'cancel'] as const;

interface ShipmentOptions extends CommonOptions {
  out?: string;
  format?: string;
}

export function registerShipmentCommands(program: Command, io: CliIo): void {
  const t = cliTranslator(io.env);
  const shipments = program.command('shipments').description(t('cli.shipments'));
  for (const action of ACTIONS) {
    const command = shipments.command(action).description(t('cli.shipments_action', { action })).argument('[ids...]', t('cli.arg_shipment_ids'));
    addRunOptions(addFilterOptions(command, t), t);
    // Only print makes labels: the other actions neither offer nor accept --out and --format.
    if (action === 'print') command.option('--out <file>', t('cli.option_out')).option('--format <format>', t('cli.option_format'), 'a6');
    command.action(async (idArgs: string[], opts: ShipmentOptions) => {
      const format = action === 'print' ? choiceOption(t, '--format', opts.format, LABEL_FORMAT_NAMES) : undefined;
      const named = shipmentIds(t, idArgs);
      const filter = parseFilter(t, 'shipments', opts);
      await withServices(io, async ({ app }) => {
        const actor = await cliActor(app, opts.as, t);
        await checkRecord(app.db, t, '--merchant', 'merchants', filter.merchant);
        const ids = [...named];
        if (filter.status !== undefined || filter.merchant !== undefined) {
          // Within what the --as user may see (the API's tenant restriction), like the packages' filter.
          let qb = scopeVisible(RESOURCE_MODULES.shipments, app.db.selectFrom('shipments').select('shipments.id as id'), actor);
          if (filter.status !== undefined) qb = qb.where('shipments.status', '=', filter.status);
          if (filter.merchant !== undefined) qb = qb.where('shipments.merchant_id', '=', filter.merchant);
          ids.push(...((await qb.orderBy('shipments.id').limit(10_000).execute()) as { id: number }[]).map((r) => r.id));
        }
        const unique = [...new Set(ids)];
        if (!unique.length) throw nothingToDo(t, 'shipments', filter);
        const printed: number[] = [];
        const outcome = await runEach(io, t, unique, opts, async (id) => {
          const [row] = await loadVisible(app.db, RESOURCE_MODULES.shipments, actor, [id]);
          if (!row) throw new DomainError('not_found');
          const shipment = row as Shipment;
          if (opts.dryRun) {
            // print registers a draft first, so a draft is judged by register.
            const judged = action === 'print' && isDraftShipment(shipment) ? 'register' : action;
            const code = shipmentRefusal(shipment, judged, { actor: machineActor(actor) });
            if (code) throw new DomainError(code);
            return;
          }
          const ctx: OpContext = { db: app.db, dialect: app.dialect, now: app.clock.now(), actor };
          await SHIPMENT_VERBS[action](ctx, shipment);
          if (action === 'print') printed.push(id);
        });
        if (action === 'print' && opts.out && printed.length) {
          const doc = createLabelDocument();
          const file = createWriteStream(opts.out);
          doc.pipe(file);
          const captions = labelCaptions(t);
          for (const id of printed) for (const label of await shipmentLabels(app.db, id)) drawLabel(doc, label, format ?? 'a6', captions);
          doc.end();
          await finished(file);
          if (!opts.json) io.out(t('cli.ops_labels_written', { file: opts.out }));
        }
        report(io, t, outcome, opts);
      });
    });
  }
}
