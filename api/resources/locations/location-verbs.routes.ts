/**
 * Location verbs: POST /api/locations/:id/approve (superadmin, support) and
 * POST /api/locations/:id/create-terminal { terminalLayout } (superadmin, support; locker locations; the answer's
 * meta.terminal_secret is the terminal's credential, shown this once),
 * through the locker service. Each writes in one transaction.
 */
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../../core/errors.js';
import { can } from '../../../core/policies/route.permissions.js';
import type { Location } from '../../db/tables.js';
import { requirePermission } from '../../plugins/auth.js';
import { lockerService, parseTerminal } from '../../providers/locker/index.js';
import { contextOf } from '../access.js';
import { RESOURCE_MODULES } from '../index.js';
import { registerRecordAction } from '../record-actions.js';
import { loadOne } from '../records.js';
import { IdParams, NoBody, ShowResponse, TerminalBody } from '../../../core/contract/index.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { fieldError } from '../validate.js';
import { opContext } from '../shared/op-context.js';
import { recordPayload } from '../shared/record-payload.js';
import { rotateTerminalSecret } from '../../lockers/terminal-auth.js';

export const approveRefusal = (row: Pick<Location, 'approved'>) => (row.approved === 1 ? 'record.locked' : null);
export const terminalRefusal = (row: Pick<Location, 'class' | 'terminal'>) =>
  row.class !== 'locker' ? 'location.not_a_locker' : parseTerminal(row) ? 'provider.terminal_exists' : null;

let registered = false;
export function registerLocationOperationRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  if (!registered) {
    registered = true;
    registerRecordAction('locations', 'approve', (row, actor) => (can(actor, 'locations.review') ? approveRefusal(row as Location) : 'forbidden'));
    registerRecordAction('locations', 'create-terminal', (row, actor) => (can(actor, 'locations.review') ? terminalRefusal(row as Location) : 'forbidden'));
  }
  const tags = ['locations'];

  app.post('/locations/:id/approve', { schema: { tags, params: IdParams, body: NoBody, response: { 200: ShowResponse } }, preHandler: requirePermission('locations.review') }, async (request) => {
    const location = (await loadOne(contextOf(request), RESOURCE_MODULES.locations, request.params.id)) as Location;
    const refusal = approveRefusal(location);
    if (refusal) throw new DomainError(refusal);
    const ctx = opContext(request);
    const stamp = ctx.now.toISOString();
    const res = await ctx.db.updateTable('locations').set({ approved: 1, updated_at: stamp }).where('id', '=', location.id).where('approved', '=', 0).executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw new DomainError('record.locked');
    const fresh = await ctx.db.selectFrom('locations').selectAll().where('id', '=', location.id).executeTakeFirstOrThrow();
    return recordPayload(ctx.db, 'locations', ctx.actor!, fresh);
  });

  app.post('/locations/:id/create-terminal', { schema: { tags, params: IdParams, body: TerminalBody, response: { 200: ShowResponse } }, preHandler: requirePermission('locations.review') }, async (request) => {
    const location = (await loadOne(contextOf(request), RESOURCE_MODULES.locations, request.params.id)) as Location;
    const layout = request.body.terminalLayout ?? request.body.terminal_layout;
    if (typeof layout !== 'string' || !layout) fieldError('terminalLayout', 'validation.required');
    const ctx = opContext(request);
    const { fresh, secret } = await ctx.db.transaction().execute(async (trx) => {
      await lockerService().createTerminal(trx, location, layout, ctx.now.toISOString());
      // The terminal's own credential is created with it and shown once (docs/lockers.md).
      const secret = await rotateTerminalSecret(trx, location.id, ctx.actor!.id, ctx.now.toISOString());
      return { fresh: await trx.selectFrom('locations').selectAll().where('id', '=', location.id).executeTakeFirstOrThrow(), secret };
    });
    return recordPayload(ctx.db, 'locations', ctx.actor!, fresh, { terminal_secret: secret });
  });
}
