/**
 * Shipment page toolbar verbs, offered only when the record's `_actions` allow them: register, print or
 * re-print the labels (PDF download), request pickup, request the customer's location, private delivery.
 */
import { useRecordContext } from 'react-admin';
import { SHIPMENT_STATUS } from '../../../../core/statuses.js';
import { printLabels } from './operationsClient.js';
import { VerbButton } from './VerbButton.js';
import { actionsOf, confirmKey, verbLabel } from './verbs.js';

const SHIPMENT_VERBS = ['register', 'print', 'request-pickup', 'request-location', 'private-delivery'] as const;

export function ShipmentActions() {
  const record = useRecordContext();
  if (!record) return null;
  const allowed = actionsOf(record);
  const id = Number(record.id);
  const printed = Number(record.status) >= SHIPMENT_STATUS.printed;
  return (
    <>
      {SHIPMENT_VERBS.filter((verb) => allowed.includes(verb)).map((verb) =>
        verb === 'print' ? (
          <VerbButton
            key={verb}
            resource="shipments"
            id={id}
            verb={verb}
            label={printed ? 'operations.actions.reprint' : verbLabel(verb)}
            run={() => printLabels('shipments', id, `labels-${String(record.reference_id ?? id)}.pdf`)}
          />
        ) : (
          <VerbButton key={verb} resource="shipments" id={id} verb={verb} label={verbLabel(verb)} confirm={confirmKey(verb)} />
        ),
      )}
    </>
  );
}
