/** Shipments resource: list, show (packages + timeline), create, update, delete. */
import type { ResourceModule } from '../module.js';
import { shipmentsList } from './shipments.repository.js';
import { createShipment, deleteShipment, shipmentIncludes, shipmentVerdicts, updateShipment } from './shipments.service.js';

export const shipmentsModule: ResourceModule = {
  name: 'shipments',
  list: shipmentsList,
  verdicts: async (rows, actor, db) => shipmentVerdicts(rows, actor, db),
  include: shipmentIncludes,
  create: createShipment,
  update: updateShipment,
  remove: deleteShipment,
};
