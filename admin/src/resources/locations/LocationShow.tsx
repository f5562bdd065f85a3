import { NumberField, Show, TextField } from 'react-admin';
import { CountryField } from '../../components/CountryInput.js';
import { DetailPage, DetailSection, YesNoField } from '../../components/DetailSections.js';
import { EnumField } from '../../components/EnumInput.js';
import { ShowActions } from '../../components/recordActions.js';
import { useFieldMask } from '../../components/useActor.js';
import { PackagesSection } from '../packages/PackagesSection.js';
import { DebugPanel, LocationActions } from '../../screens/operations/index.js';
import { TerminalField } from './TerminalField.js';

const DETAILS = ['hours', 'zone', 'route', 'timezone', 'latitude', 'longitude', 'what3words'];
const ADDRESS = ['address_company', 'address_street', 'address_house_number', 'address_locality', 'address_postcode', 'address_state', 'address_description'];
const STORAGE = ['storage_days', 'storage_reminder_hours', 'storage_extensions_max', 'storage_extension_hours', 'storage_extension_after_hours'];

/** A location as cards: what it is, its address, its details (terminal included), its storage rules, the packages there. */
export function LocationShow() {
  const mask = useFieldMask('locations');
  return (
    <Show component="div" actions={<ShowActions><LocationActions /></ShowActions>}>
      <DetailPage>
        <DetailSection title="resources.locations.name" testId="section-location">
          <TextField source="name" />
          {mask.field('code') && <TextField source="code" />}
          <EnumField source="type" prefix="location_types" />
          <EnumField source="class" prefix="location_classes" />
          {mask.field('locker_service') && <EnumField source="locker_service" prefix="locker_services" />}
          <TextField source="merchant_name" label="resources.locations.fields.merchant_id" />
          {mask.field('active') && <YesNoField source="active" />}
          {mask.field('approved') && <YesNoField source="approved" />}
          {mask.field('package_count') && <NumberField source="package_count" />}
        </DetailSection>
        <DetailSection title="resources.locations.fields.address" testId="section-address">
          {ADDRESS.map((source) => (
            <TextField key={source} source={source} />
          ))}
          <CountryField source="address_country" />
        </DetailSection>
        <DetailSection title="details.sections.details" wide>
          {DETAILS.map((source) => (
            <TextField key={source} source={source} />
          ))}
          <TerminalField source="terminal" />
        </DetailSection>
        <DetailSection title="locker_ops.storage_rules" testId="section-storage">
          {STORAGE.map((source) => (
            <TextField key={source} source={source} />
          ))}
          <EnumField source="storage_unit" prefix="storage_units" />
          <EnumField source="storage_end_action" prefix="storage_end_actions" />
        </DetailSection>
        <PackagesSection target="location_id" />
        <DebugPanel resource="locations" />
      </DetailPage>
    </Show>
  );
}
