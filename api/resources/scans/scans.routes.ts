/**
 * Offline scanning routes (issue 14, docs/offline-scanning.md): POST /api/scans/sync applies a device's queued
 * scans in order, one outcome each; GET /api/scans/known lists the packages to recognise offline. Both for the
 * scanning roles (permission `scans.sync`); everyone else 403.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DomainError } from '../../../core/errors.js';
import { KnownPackagesResponse, NoQuery, ScanSyncBody, ScanSyncResponse, type ScanOut } from '../../../core/contract/index.js';
import { SCAN_BATCH_MAX, SCAN_SYNC_BODY_LIMIT, deviceClockOffset, isDeviceClockOffset, parseDeviceTime } from '../../../core/policies/scans.policy.js';
import { requirePermission } from '../../plugins/auth.js';
import { fieldError } from '../validate.js';
import { knownPackages } from './known-packages.js';
import { presentScan, syncScan } from './scan-sync.service.js';

export function registerScanRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['scans'];

  app.post(
    '/scans/sync',
    { schema: { tags, body: ScanSyncBody, response: { 200: ScanSyncResponse } }, bodyLimit: SCAN_SYNC_BODY_LIMIT, preHandler: requirePermission('scans.sync') },
    async (request) => {
      const { scans, sent_at } = request.body;
      if (!scans?.length) fieldError('scans', 'validation.required');
      if (scans.length > SCAN_BATCH_MAX) throw new DomainError('scan.batch_too_large', undefined, { params: { max: SCAN_BATCH_MAX } });
      // The device's clock at this send: its offset, measured once for the batch, moves every scan's device time.
      const sentAt = sent_at === undefined ? null : parseDeviceTime(sent_at);
      if (sent_at !== undefined && !sentAt) fieldError('sent_at', 'validation.device_time');
      // Each scan's own offset (the device's clock as last measured before that scan), checked like sent_at before any scan.
      scans.forEach((raw, i) => {
        if (raw !== null && typeof raw === 'object' && 'clock_offset_ms' in raw && !isDeviceClockOffset(raw.clock_offset_ms)) {
          fieldError(`scans.${i}.clock_offset_ms`, 'validation.clock_offset');
        }
      });
      const clockOffsetMs = deviceClockOffset(sentAt, request.server.clock.now());
      const ctx = { db: request.server.db, dialect: request.server.dialect, clock: request.server.clock, actor: request.actor!, clockOffsetMs };
      const data: ScanOut[] = [];
      // In the order sent: a check-in queued after its pickup needs the pickup applied first.
      for (const raw of scans) data.push(presentScan(await syncScan(ctx, raw), request.t));
      return { data };
    },
  );

  app.get('/scans/known', { schema: { tags, querystring: NoQuery, response: { 200: KnownPackagesResponse } }, preHandler: requirePermission('scans.sync') }, async (request) => {
    return knownPackages(request.server.db, request.actor!, request.server.clock.now());
  });
}
