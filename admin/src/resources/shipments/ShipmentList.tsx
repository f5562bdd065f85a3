import { NumberField, TextField, FunctionField, type RaRecord } from 'react-admin';
import { DateField } from '../../components/DateField.js';
import { SHIPMENT_TYPES } from '../../../../core/constants.js';
import { ResourceList, joinLine, type PhoneRow } from '../../components/ResourceList.js';
import { StatusChipField } from '../../components/StatusField.js';
import { EnumField, EnumInput, StatusInput } from '../../components/EnumInput.js';
import { LightReferenceInput } from '../../components/LightReferenceInput.js';
import { useFieldMask } from '../../components/useActor.js';
import { ExportButton } from '../../screens/export/ExportButton.js';
import { ImportButton } from '../../screens/import/ImportButton.js';
import { BulkOperationButtons } from '../../screens/operations/index.js';
import { NameField } from '../../components/NameField.js';

export const SHIPMENT_SORT = { field: 'updated_at', order: 'DESC' } as const;
/** Bulk verbs (each checked with user/can first; cancel asks for a confirmation). */
const SHIPMENT_BULK_VERBS = ['print', 'register', 'request-pickup', 'cancel'];
const fullName = (r: RaRecord) => [r.first_name, r.last_name].filter(Boolean).join(' ');

/** On a phone: the reference with its status, then who it is for and where it is dropped off. */
const PHONE_ROW: PhoneRow = {
  primary: (r) => r.reference_id,
  secondary: (r) => joinLine(fullName(r), r.dropoff_location_name),
  tertiary: <StatusChipField source="status" table="shipments" />,
};

export function ShipmentList() {
  const mask = useFieldMask('shipments');
  const filters = [
    <StatusInput key="status" source="status" table="shipments" />,
    <EnumInput key="type" source="type" values={SHIPMENT_TYPES} prefix="shipment_types" />,
    <LightReferenceInput key="dropoff" source="dropoff_location_id" reference="locations" filter={{ scope: 'dropoff' }} />,
    ...(mask.filter('merchant_id') ? [<LightReferenceInput key="merchant" source="merchant_id" reference="merchants" />] : []),
  ];
  return (
    <ResourceList
      sort={SHIPMENT_SORT}
      phoneRow={PHONE_ROW}
      filters={filters}
      toolbar={<><ImportButton /><ExportButton scope="filter" /></>}
      bulkActions={<><BulkOperationButtons resource="shipments" verbs={SHIPMENT_BULK_VERBS} /><ExportButton scope="selection" /></>}
    >
      <TextField source="reference_id" />
      <TextField source="external_reference_id" />
      <FunctionField source="first_name" label="resources.shipments.fields.full_name" render={fullName} sortBy="last_name" />
      <StatusChipField source="status" table="shipments" />
      {mask.field('merchant_id') && (
        <NameField source="merchant_id" label="resources.shipments.fields.merchant_id" sortable={false} />
      )}
      <NameField source="dropoff_location_id" label="resources.shipments.fields.dropoff_location_id" sortable={false} />
      <EnumField source="type" prefix="shipment_types" sortable={false} />
      <NumberField source="package_count" sortable={false} />
      <DateField source="updated_at" showTime />
    </ResourceList>
  );
}
