import { TextField, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { DateField } from '../../components/DateField.js';
import { PACKAGE_SIZES } from '../../../../core/constants.js';
import { EnumField, EnumInput, StatusInput } from '../../components/EnumInput.js';
import { NestedCreateButton } from '../../components/nested.js';
import { ResourceList, joinLine } from '../../components/ResourceList.js';
import { StatusChipField } from '../../components/StatusField.js';
import { useParentId } from '../../components/useParentId.js';
import { packagePath } from './paths.js';
import { BulkOperationButtons } from '../../screens/operations/index.js';
import { NameField } from '../../components/NameField.js';

/** Print is per package (its page): the bulk print endpoint takes shipment ids. */
const PACKAGE_BULK_VERBS = ['cancel'];

const rowLink = (id: Identifier, _resource: string, record: RaRecord) => packagePath(record.shipment_id, id);

/** The packages of one shipment, at /shipments/:parent_id/packages. */
export function PackageList() {
  const shipmentId = useParentId();
  const translate = useTranslate();
  const filters = [
    <StatusInput key="status" source="status" table="packages" />,
    <EnumInput key="size" source="size" values={PACKAGE_SIZES} prefix="sizes" />,
  ];
  return (
    <ResourceList
      resource="packages"
      storeKey={`packages.shipment.${shipmentId}`}
      filter={shipmentId !== undefined ? { shipment_id: shipmentId } : undefined}
      filters={filters}
      rowClick={rowLink}
      phoneRow={{
        primary: (r) => r.barcode,
        secondary: (r) => joinLine(r.size && translate(`sizes.${r.size}`, { _: r.size }), r.description, r.dropoff_location_name),
        tertiary: <StatusChipField source="status" table="packages" />,
      }}
      bulkActions={<BulkOperationButtons resource="packages" verbs={PACKAGE_BULK_VERBS} nameField="barcode" />}
      create={shipmentId !== undefined ? <NestedCreateButton resource="packages" to={packagePath(shipmentId, 'create')} /> : false}
    >
      <TextField source="barcode" />
      <EnumField source="size" prefix="sizes" sortable={false} />
      <StatusChipField source="status" table="packages" />
      <TextField source="description" sortable={false} />
      <NameField source="dropoff_location_id" label="resources.packages.fields.dropoff_location_id" sortable={false} />
      <DateField source="expires_at" showTime />
    </ResourceList>
  );
}
