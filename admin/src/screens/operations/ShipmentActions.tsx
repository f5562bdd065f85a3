/**
 * Shipment page toolbar verbs, offered only when the record's `_actions` allow them: register (SPEC: register
 * prints the label, so one click registers and downloads the labels), print or re-print the labels (PDF download), request pickup, request the customer's location, private delivery,
 * and cancel (after a confirmation; every package not yet picked up is cancelled).
 */
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { hasPrintedLabels } from '../../../../core/policies/shipments.policy.js';
import type { LockerlineDataProvider } from '../../providers/dataProvider.js';
import { printLabels } from './operationsClient.js';
import { VerbButton, type VerbButtonProps } from './VerbButton.js';
import { actionsOf, confirmKey, isDestructive, verbLabel } from './verbs.js';

const SHIPMENT_VERBS = ['register', 'print', 'request-pickup', 'request-location', 'private-delivery', 'cancel'] as const;
/** Confirmations worded for a shipment where the package one would mislead. */
const SHIPMENT_CONFIRMS: Partial<Record<string, string>> = { cancel: 'operations.confirms.cancel_shipment' };

export function ShipmentActions() {
  const record = useRecordContext();
  const translate = useTranslate();
  const dataProvider = useDataProvider<LockerlineDataProvider>();
  if (!record) return null;
  const allowed = actionsOf(record);
  const id = Number(record.id);
  const reference = String(record.reference_id ?? id);
  const printed = hasPrintedLabels({ status: Number(record.status) });
  const download = () => printLabels('shipments', id, `labels-${reference}.pdf`);
  /** What differs per verb: register prints too (SPEC: register prints the label), print downloads. */
  const special: Partial<Record<string, Partial<VerbButtonProps>>> = {
    register: {
      run: async () => {
        await dataProvider.act('shipments', id, 'register');
        return download();
      },
      success: translate('operations.shipment_registered', { reference }),
    },
    print: {
      label: printed ? 'operations.actions.reprint' : verbLabel('print'),
      run: download,
      success: translate('operations.labels_downloaded', { reference }),
    },
  };
  return (
    <>
      {SHIPMENT_VERBS.filter((verb) => allowed.includes(verb)).map((verb) => (
        <VerbButton
          key={verb}
          resource="shipments"
          id={id}
          verb={verb}
          label={verbLabel(verb)}
          {...(special[verb] ?? { confirm: SHIPMENT_CONFIRMS[verb] ?? confirmKey(verb), color: isDestructive(verb) ? 'error' : 'primary' })}
        />
      ))}
    </>
  );
}
