import { Alert } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { TextInput, useTranslate } from 'react-admin';
import { LOCALES, SHIPMENT_TYPES } from '../../../../core/constants.js';
import { id } from '../../../../core/schemas/common.js';
import { schemas, shipmentDefaults } from '../../../../core/schemas/index.js';
import { CountryInput } from '../../components/CountryInput.js';
import { EnumInput } from '../../components/EnumInput.js';
import { LightReferenceInput } from '../../components/LightReferenceInput.js';
import { PhoneInput } from '../../components/PhoneInput.js';
import { req } from '../../components/RequiredLabel.js';
import { ResourceForm } from '../../components/ResourceForm.js';
import { useCanSee } from '../../components/useActor.js';
import { ShipmentPackagesInput } from './ShipmentPackagesInput.js';

/** Oversized packages may only go to PUDO points (SPEC section 5). */
function DropoffLocationInput() {
  const translate = useTranslate();
  const packages = useWatch({ name: 'packages' }) as { size?: string }[] | undefined;
  const oversized = (packages ?? []).some((p) => p?.size === 'OVERSIZED');
  return (
    <>
      <LightReferenceInput
        source="dropoff_location_id"
        reference="locations"
        label={req('dropoff_location_id')}
        filter={{ scope: 'dropoff', ...(oversized ? { class: 'pudo' } : {}) }}
      />
      {oversized && <Alert severity="info">{translate('errors.package.oversized_needs_pudo')}</Alert>}
    </>
  );
}

/** Shipment create and edit form (DESIGN.md section 3 body). */
/** Superadmin and support must say whose shipment it is (the API fills it in for merchant roles). */
const adminCreateSchema = { ...schemas.shipments.create, merchant_id: id(true) };

export function ShipmentForm({ mode }: { mode: 'create' | 'edit' }) {
  const canPickMerchant = useCanSee('shipments', 'merchant_id');
  const schema = mode === 'create' ? (canPickMerchant ? adminCreateSchema : schemas.shipments.create) : schemas.shipments.update;
  return (
    <ResourceForm
      resource="shipments"
      schema={schema}
      nested={schemas.shipments.nested}
      defaultValues={mode === 'create' ? shipmentDefaults() : undefined}
    >
      {canPickMerchant && mode === 'create' && <LightReferenceInput source="merchant_id" reference="merchants" label={req('merchant_id')} />}
      <TextInput source="external_reference_id" label={req('external_reference_id')} />
      <EnumInput source="type" values={SHIPMENT_TYPES} prefix="shipment_types" label={req('type')} />
      <TextInput source="first_name" label={req('first_name')} />
      <TextInput source="last_name" label={req('last_name')} />
      <TextInput source="email" type="email" label={req('email')} />
      <CountryInput source="country" label={req('country')} />
      <PhoneInput source="phone" label={req('phone')} />
      <EnumInput source="locale" values={LOCALES} prefix="app.languages" label={req('locale')} />
      <DropoffLocationInput />
      <LightReferenceInput source="pickup_location_id" reference="locations" filter={{ scope: 'pickup' }} label={req('pickup_location_id')} />
      <TextInput source="contents" label={req('contents')} />
      <ShipmentPackagesInput />
    </ResourceForm>
  );
}
