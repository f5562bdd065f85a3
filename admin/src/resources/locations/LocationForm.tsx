import { BooleanInput, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { LOCATION_CLASSES, LOCATION_TYPES, LOCKER_SERVICES } from '../../../../core/constants.js';
import { locationDefaults, schemas } from '../../../../core/schemas/index.js';
import { isAdminRole } from '../../../../core/roles.js';
import { CoordinateInput } from '../../components/CoordinateInput.js';
import { EnumInput } from '../../components/EnumInput.js';
import { LightReferenceInput } from '../../components/LightReferenceInput.js';
import { req } from '../../components/RequiredLabel.js';
import { FormSection } from '../../components/FormSection.js';
import { ResourceForm } from '../../components/ResourceForm.js';
import { useActor, useFieldMask } from '../../components/useActor.js';
import { LocationAddressInputs } from './LocationAddressInputs.js';
import { LocationStorageInputs } from './LocationStorageInputs.js';

/** Locker service: only for lockers, and only admins see it. */
function LockerServiceInput() {
  const isLocker = useWatch({ name: 'class' }) === 'locker';
  return isLocker ? <EnumInput source="locker_service" values={LOCKER_SERVICES} prefix="locker_services" label={req('locker_service')} /> : null;
}

/**
 * A new location's starting values, including what the inputs would otherwise fill in on mount
 * (approved switch: false; merchant select: null), so an untouched create form is not "unsaved".
 */
export function newLocationValues(role: number) {
  return { class: 'pudo', approved: false, merchant_id: null, ...locationDefaults(role) };
}

/** Location create/edit; new locations are active, drop-off for a superadmin and pickup for others. */
export function LocationForm({ mode }: { mode: 'create' | 'edit' }) {
  const actor = useActor();
  const mask = useFieldMask('locations');
  return (
    <ResourceForm
      resource="locations"
      schema={schemas.locations[mode === 'create' ? 'create' : 'update']}
      defaultValues={mode === 'create' ? newLocationValues(actor.role) : undefined}
    >
      <FormSection title="forms.sections.locations.identity" name="identity">
        <TextInput source="name" label={req('name')} />
        {mask.field('code') && <TextInput source="code" label={req('code')} />}
        <EnumInput source="type" values={LOCATION_TYPES} prefix="location_types" label={req('type')} />
        <EnumInput source="class" values={LOCATION_CLASSES} prefix="location_classes" label={req('class')} />
        {isAdminRole(actor.role) && <LightReferenceInput source="merchant_id" reference="merchants" label={req('merchant_id')} />}
        {mask.field('active') && <BooleanInput source="active" label={req('active')} />}
        {mask.field('approved') && <BooleanInput source="approved" label={req('approved')} />}
      </FormSection>
      <FormSection title="forms.sections.locations.address" name="address">
        <LocationAddressInputs />
      </FormSection>
      <FormSection title="forms.sections.locations.geo" name="geo">
        <CoordinateInput source="latitude" label={req('latitude')} />
        <CoordinateInput source="longitude" label={req('longitude')} />
        <TextInput source="what3words" label={req('what3words')} />
        <TextInput source="timezone" label={req('timezone')} />
      </FormSection>
      <FormSection title="forms.sections.locations.hours" name="hours">
        <TextInput source="hours" label={req('hours')} />
      </FormSection>
      <FormSection title="locker_ops.storage_rules" name="storage">
        <LocationStorageInputs />
      </FormSection>
      <FormSection title="forms.sections.locations.service" name="service">
        {mask.field('locker_service') && <LockerServiceInput />}
        <TextInput source="zone" label={req('zone')} />
        <TextInput source="route" label={req('route')} />
      </FormSection>
    </ResourceForm>
  );
}
