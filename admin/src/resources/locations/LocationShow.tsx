import { BooleanField, NumberField, Show, SimpleShowLayout, TextField, type Identifier, type RaRecord } from 'react-admin';
import { CountryField } from '../../components/CountryInput.js';
import { EnumField } from '../../components/EnumInput.js';
import { RelatedList } from '../../components/RelatedList.js';
import { ShowActions } from '../../components/recordActions.js';
import { StatusChipField } from '../../components/StatusField.js';
import { useFieldMask } from '../../components/useActor.js';
import { packagePath } from '../packages/paths.js';
import { DebugPanel, LocationActions } from '../../screens/operations/index.js';
import { TerminalField } from './TerminalField.js';

const packageLink = (id: Identifier, _resource: string, record: RaRecord) => packagePath(record.shipment_id, id);
const DETAILS = ['hours', 'zone', 'route', 'timezone', 'latitude', 'longitude', 'what3words', 'terminal', 'storage_days', 'storage_unit', 'storage_reminder_hours', 'storage_extensions_max', 'storage_extension_hours', 'storage_extension_after_hours', 'storage_end_action'];
const ADDRESS = ['address_company', 'address_street', 'address_house_number', 'address_locality', 'address_postcode', 'address_state', 'address_country', 'address_description'];

export function LocationShow() {
  const mask = useFieldMask('locations');
  return (
    <Show actions={<ShowActions><LocationActions /></ShowActions>}>
      <SimpleShowLayout>
        <TextField source="name" />
        {mask.field('code') && <TextField source="code" />}
        <EnumField source="type" prefix="location_types" />
        <EnumField source="class" prefix="location_classes" />
        {mask.field('locker_service') && <EnumField source="locker_service" prefix="locker_services" />}
        <TextField source="merchant_name" label="resources.locations.fields.merchant_id" />
        {mask.field('active') && <BooleanField source="active" looseValue />}
        {mask.field('approved') && <BooleanField source="approved" looseValue />}
        {mask.field('package_count') && <NumberField source="package_count" />}
        {[...DETAILS, ...ADDRESS].map((source) =>
          source === 'address_country' ? (
            <CountryField key={source} source={source} />
          ) : source === 'storage_unit' || source === 'storage_end_action' ? (
            <EnumField key={source} source={source} prefix={source === 'storage_unit' ? 'storage_units' : 'storage_end_actions'} />
          ) : source === 'terminal' ? (
            <TerminalField key={source} source={source} />
          ) : (
            <TextField key={source} source={source} />
          ),
        )}
        <RelatedList reference="packages" target="location_id" label="resources.locations.fields.packages" rowClick={packageLink}>
          <TextField source="barcode" />
          <EnumField source="size" prefix="sizes" />
          <StatusChipField source="status" table="packages" />
        </RelatedList>
        <DebugPanel resource="locations" />
      </SimpleShowLayout>
    </Show>
  );
}
