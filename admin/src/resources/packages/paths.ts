import type { Identifier } from 'react-admin';
import { nestedPath } from '../../components/nested.js';

/** Packages live under their shipment: /shipments/{shipment_id}/packages[/{id}[/edit]]. */
export const packagePath = (shipmentId: Identifier, id?: Identifier | 'create', suffix?: 'edit') =>
  nestedPath('shipments', 'packages', shipmentId, id, suffix);
