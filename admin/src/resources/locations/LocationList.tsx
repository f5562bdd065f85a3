import { BooleanField, BooleanInput, NumberField, SelectInput, TextField, useTranslate } from 'react-admin';
import { LOCATION_CLASSES, LOCKER_SERVICES } from '../../../../core/constants.js';
import { defaultLocationScope } from '../../../../core/roles.js';
import { EnumField, EnumInput, useEnumChoices } from '../../components/EnumInput.js';
import { LightReferenceInput } from '../../components/LightReferenceInput.js';
import { ResourceList, joinLine } from '../../components/ResourceList.js';
import { useActor, useFieldMask } from '../../components/useActor.js';

export const LOCATION_SCOPES = ['dropoff', 'pickup', 'all'] as const;

/** The scope selector (drop-off, pickup, all): an always-shown filter sent as `scope`. */
function ScopeInput(props: { source: string; alwaysOn?: boolean }) {
  const choices = useEnumChoices(LOCATION_SCOPES, 'scopes');
  return <SelectInput {...props} label="resources.locations.fields.type" choices={choices} emptyText={false as never} />;
}

export function LocationList() {
  const mask = useFieldMask('locations');
  const { role, isPending } = useActor();
  const translate = useTranslate();
  // Drop-off by default (SPEC section 2), a merchant's own pickup locations for merchant roles (core/roles).
  if (isPending) return null;
  const defaults = { scope: defaultLocationScope(role) };
  const filters = [
    <ScopeInput key="scope" source="scope" alwaysOn />,
    <EnumInput key="class" source="class" values={LOCATION_CLASSES} prefix="location_classes" />,
    <BooleanInput key="active" source="active" />,
    ...(mask.filter('approved') ? [<BooleanInput key="approved" source="approved" />] : []),
    ...(mask.filter('locker_service') ? [<EnumInput key="ls" source="locker_service" values={LOCKER_SERVICES} prefix="locker_services" />] : []),
    ...(mask.filter('merchant_id') ? [<LightReferenceInput key="merchant" source="merchant_id" reference="merchants" />] : []),
  ];
  return (
    <ResourceList
      filters={filters}
      filterDefaultValues={defaults}
      phoneRow={{
        primary: (r) => r.name,
        secondary: (r) => joinLine(translate(`location_classes.${r.class}`, { _: r.class }), r.address_locality, r.merchant_name),
        tertiary: (r) => (mask.field('code') ? r.code : null),
      }}
    >
      <TextField source="name" />
      {mask.field('code') && <TextField source="code" />}
      <EnumField source="type" prefix="location_types" />
      <EnumField source="class" prefix="location_classes" />
      {mask.field('locker_service') && <EnumField source="locker_service" prefix="locker_services" />}
      <TextField source="address_locality" />
      <TextField source="merchant_name" label="resources.locations.fields.merchant_id" sortable={false} />
      {mask.field('active') && <BooleanField source="active" looseValue />}
      {mask.field('approved') && <BooleanField source="approved" looseValue />}
      {mask.field('package_count') && <NumberField source="package_count" />}
    </ResourceList>
  );
}
