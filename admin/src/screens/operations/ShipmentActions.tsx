/**
 * Shipment page toolbar verbs, offered only when the record's `_actions` allow them: register, print or
 * re-print the labels (PDF download), request pickup, request the customer's location, private delivery,
 * and cancel (after a confirmation; every package not yet picked up is cancelled).
 */
import { useRecordContext } from 'react-admin';
import { hasPrintedLabels } from '../../../../core/policies/shipments.policy.js';
import { printLabels } from './operationsClient.js';
import { VerbButton } from './VerbButton.js';
import { actionsOf, confirmKey, isDestructive, verbLabel } from './verbs.js';

const SHIPMENT_VERBS = ['register', 'print', 'request-pickup', 'request-location', 'private-delivery', 'cancel'] as const;
/** Confirmations worded for a shipment where the package one would mislead. */
const SHIPMENT_CONFIRMS: Partial<Record<string, string>> = { cancel: 'operations.confirms.cancel_shipment' };

export function ShipmentActions() {
  const record = useRecordContext();
  if (!record) return null;
  const allowed = actionsOf(record);
  const id = Number(record.id);
  const printed = hasPrintedLabels({ status: Number(record.status) });
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
          <VerbButton
            key={verb}
            resource="shipments"
            id={id}
            verb={verb}
            label={verbLabel(verb)}
            confirm={SHIPMENT_CONFIRMS[verb] ?? confirmKey(verb)}
            color={isDestructive(verb) ? 'error' : 'primary'}
          />
        ),
      )}
    </>
  );
}
