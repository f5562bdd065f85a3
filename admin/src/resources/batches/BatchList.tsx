import { NumberField, ReferenceField, TextField } from 'react-admin';
import { DateField } from '../../components/DateField.js';
import { SHIPMENT_TYPES } from '../../../../core/constants.js';
import { EnumField, EnumInput, StatusInput } from '../../components/EnumInput.js';
import { LightReferenceInput } from '../../components/LightReferenceInput.js';
import { ResourceList } from '../../components/ResourceList.js';
import { StatusChipField } from '../../components/StatusField.js';
import { useFieldMask } from '../../components/useActor.js';

export function BatchList() {
  const mask = useFieldMask('batches');
  const filters = [
    <StatusInput key="status" source="status" table="batches" />,
    <EnumInput key="type" source="type" values={SHIPMENT_TYPES} prefix="shipment_types" />,
    ...(mask.filter('merchant_id') ? [<LightReferenceInput key="merchant" source="merchant_id" reference="merchants" />] : []),
  ];
  return (
    <ResourceList filters={filters}>
      <TextField source="id" />
      <TextField source="name" />
      <StatusChipField source="status" table="batches" />
      <EnumField source="type" prefix="shipment_types" />
      {mask.field('merchant_id') && <ReferenceField source="merchant_id" reference="merchants" link={false} sortable={false} />}
      <ReferenceField source="pickup_location_id" reference="locations" link={false} sortable={false} />
      <NumberField source="item_count" />
      <DateField source="created_at" showTime />
    </ResourceList>
  );
}
