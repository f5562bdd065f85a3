import { NumberField, TextField, useTranslate } from 'react-admin';
import { DateField } from '../../components/DateField.js';
import { SHIPMENT_TYPES } from '../../../../core/constants.js';
import { EnumField, EnumInput, StatusInput } from '../../components/EnumInput.js';
import { LightReferenceInput } from '../../components/LightReferenceInput.js';
import { ResourceList, joinLine } from '../../components/ResourceList.js';
import { StatusChipField } from '../../components/StatusField.js';
import { useFieldMask } from '../../components/useActor.js';
import { NameField } from '../../components/NameField.js';

export function BatchList() {
  const mask = useFieldMask('batches');
  const translate = useTranslate();
  const filters = [
    <StatusInput key="status" source="status" table="batches" />,
    <EnumInput key="type" source="type" values={SHIPMENT_TYPES} prefix="shipment_types" />,
    ...(mask.filter('merchant_id') ? [<LightReferenceInput key="merchant" source="merchant_id" reference="merchants" />] : []),
  ];
  return (
    <ResourceList
      filters={filters}
      phoneRow={{
        primary: (r) => r.name,
        secondary: (r) => joinLine(r.type && translate(`shipment_types.${r.type}`, { _: r.type }), `${translate('resources.batches.fields.item_count')}: ${r.item_count ?? 0}`, r.pickup_location_name),
        tertiary: <StatusChipField source="status" table="batches" />,
      }}
    >
      <TextField source="id" />
      <TextField source="name" />
      <StatusChipField source="status" table="batches" />
      <EnumField source="type" prefix="shipment_types" />
      {mask.field('merchant_id') && <NameField source="merchant_id" label="resources.batches.fields.merchant_id" sortable={false} />}
      <NameField source="pickup_location_id" label="resources.batches.fields.pickup_location_id" sortable={false} />
      <NumberField source="item_count" />
      <DateField source="created_at" showTime />
    </ResourceList>
  );
}
