import { Alert } from '@mui/material';
import { dropoffClassesFor, dropoffNeedsPhone, needsPudoDropoff, oversizedRefusal } from '../../../../core/policies/packages.policy.js';
import { useFormContext, useWatch } from 'react-hook-form';
import { useEffect, useState } from 'react';
import { TextInput, useGetOne, useLocaleState, useRecordContext, useTranslate, type Identifier } from 'react-admin';
import { LOCALES, SHIPMENT_TYPES } from '../../../../core/constants.js';
import { canSeeField } from '../../../../core/permissions.js';
import { id } from '../../../../core/schemas/common.js';
import { schemas, shipmentDefaults } from '../../../../core/schemas/index.js';
import { shipmentRecordRefusal } from '../../../../core/policies/shipments.policy.js';
import { formHint } from '../../../../core/i18n/form-hints.js';
import { CountryInput } from '../../components/CountryInput.js';
import { EnumInput } from '../../components/EnumInput.js';
import { LightReferenceInput } from '../../components/LightReferenceInput.js';
import { LocationReferenceInput } from '../../components/LocationOption.js';
import { PhoneInput } from '../../components/PhoneInput.js';
import { req } from '../../components/RequiredLabel.js';
import { FormSection } from '../../components/FormSection.js';
import { ResourceForm } from '../../components/ResourceForm.js';
import { useActor } from '../../components/useActor.js';
import { ShipmentPackagesInput } from './ShipmentPackagesInput.js';
import { api } from '../../providers/http.js';
import { doorSizesFor, fullSizes, lockerHasRoom, type FreeDoors, type LockerSize } from '../../../../core/policies/lockers.policy.js';

/**
 * The form's drop-off id, whether one is chosen, and its location record as last loaded (react-admin's query cache
 * serves every caller from one request; the record may still be the previous choice's while the new one loads).
 */
function useDropoffChoice() {
  const dropoffId = useWatch({ name: 'dropoff_location_id' }) as Identifier | null | undefined;
  const chosen = dropoffId != null && dropoffId !== '';
  const { data: location } = useGetOne<{ id: Identifier; name: string; class: string }>('locations', { id: dropoffId! }, { enabled: chosen });
  return { dropoffId, chosen, location };
}

/**
 * Customers drop off at lockers and PUDO points, never a warehouse (core `dropoffClassesFor`), and oversized
 * packages only at PUDO points (SPEC section 5, core `needsPudoDropoff`). The choices narrow to
 * PUDO points as soon as a package is oversized; a locker already chosen is cleared at that moment and the
 * form says why, once, beside the field (instead of a refusal on save).
 */
function DropoffLocationInput() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const packages = useWatch({ name: 'packages' }) as { size?: string }[] | undefined;
  const { dropoffId, chosen, location } = useDropoffChoice();
  const sizes = (packages ?? []).map((p) => p?.size ?? '');
  const oversized = needsPudoDropoff(sizes);
  const [cleared, setCleared] = useState<string | null>(null);
  useEffect(() => {
    if (chosen && location && location.id === dropoffId && oversizedRefusal(sizes, location)) {
      setValue('dropoff_location_id', null, { shouldDirty: true });
      setCleared(location.name);
    }
  }, [chosen, location, dropoffId, sizes, setValue]);
  const full = useLockerRoom(chosen ? location : undefined, dropoffId, sizes);
  // The note stands until a new drop-off is chosen or no package is oversized any more.
  const note = oversized && !chosen ? cleared : null;
  return (
    <>
      <LocationReferenceInput
        source="dropoff_location_id"
        label={req('dropoff_location_id')}
        filter={{ scope: 'dropoff', class: dropoffClassesFor(sizes) }}
        helperText={oversized && !note ? translate('resources.shipments.hints.oversized_pudo_only') : undefined}
      />
      {note && (
        <Alert severity="warning" role="status" data-testid="oversized-cleared">
          {translate('resources.shipments.hints.oversized_cleared', { location: note })}
        </Alert>
      )}
      {full && (
        <Alert severity="error" role="status" data-testid="locker-full">
          {`${full.name}: ${translate('locker_ops.full_for_size', { size: translate(`sizes.${full.size}`) })}`}
        </Alert>
      )}
    </>
  );
}


/**
 * The customer's phone. A locker texts its pickup code to it (core `dropoffNeedsPhone`, `lockerPhoneRefusal`): with a locker chosen the
 * field says so. Saving without one is refused by the API on this field (`shipment.locker_needs_phone`); the
 * form's own checks are the schema's (react-admin runs form-level or input-level validation, not both).
 */
function RecipientPhoneInput() {
  const translate = useTranslate();
  const { dropoffId, chosen, location } = useDropoffChoice();
  const needed = chosen && location?.id === dropoffId && dropoffNeedsPhone(location);
  return <PhoneInput source="phone" label={req('phone')} helperText={needed ? translate('resources.shipments.hints.locker_phone') : undefined} />;
}

/**
 * A locker with no free door for the packages is not offered (issue 13): once one is chosen, its availability
 * now is asked (GET /api/locations/:id/availability); without room the choice is cleared and the form says
 * "full for size M" (the API refuses it too, `lockers.full_for_size`).
 */
function useLockerRoom(location: { id: Identifier; name: string; class: string } | undefined, dropoffId: Identifier | null | undefined, sizes: string[]) {
  const { setValue } = useFormContext();
  const [full, setFull] = useState<{ name: string; size: string } | null>(null);
  const key = sizes.join(',');
  useEffect(() => {
    if (!location || location.id !== dropoffId) return;
    if (location.class !== 'locker') return setFull(null);
    let live = true;
    void api<{ data: { has_doors: boolean; free: FreeDoors } }>(`locations/${location.id}/availability`).then(({ data }) => {
      if (!live || !data.has_doors) return;
      const wanted = key ? key.split(',').filter((s) => doorSizesFor(s).length) : [];
      if (lockerHasRoom(data.free, wanted)) return setFull(null);
      const size = wanted.find((s) => fullSizes(data.free).includes(s as LockerSize)) ?? wanted[0] ?? 'SMALL';
      setValue('dropoff_location_id', null, { shouldDirty: true });
      setFull({ name: location.name, size });
    }, () => undefined);
    return () => {
      live = false;
    };
  }, [location, dropoffId, key, setValue]);
  return full;
}

/**
 * The pickup location must be the shipment merchant's (the API answers 422 otherwise). Merchant roles only
 * ever see their own; superadmin and support choose the merchant in the form, so the choices follow it and
 * the merchant picker clears the pickup location when it changes (see `merchantChanged`).
 */
function PickupLocationInput({ byMerchant }: { byMerchant: boolean }) {
  const translate = useTranslate();
  const merchantId = useWatch({ name: 'merchant_id' }) as number | string | null | undefined;
  const noMerchant = byMerchant && (merchantId == null || merchantId === '');
  return (
    <LocationReferenceInput
      source="pickup_location_id"
      filter={{ scope: 'pickup', ...(byMerchant && !noMerchant ? { merchant_id: merchantId } : {}) }}
      label={req('pickup_location_id')}
      disabled={noMerchant}
      queryOptions={{ enabled: !noMerchant }}
      helperText={noMerchant ? translate('resources.shipments.hints.pickup_needs_merchant') : undefined}
    />
  );
}

/** A pickup location of the previous merchant is not valid for the new one. */
function MerchantInput() {
  const { setValue } = useFormContext();
  const merchantChanged = () => setValue('pickup_location_id', null, { shouldDirty: true });
  return <LightReferenceInput source="merchant_id" reference="merchants" label={req('merchant_id')} onChange={merchantChanged} />;
}

/** Superadmin and support must say whose shipment it is (the API fills it in for merchant roles). */
const adminCreateSchema = { ...schemas.shipments.create, merchant_id: id(true) };

/** Whether the shipment keeps its packages (core: only a draft's are replaced), e.g. once it is registered. */
export const packagesLocked = (record: Record<string, unknown> | undefined): boolean =>
  typeof record?.status === 'number' && shipmentRecordRefusal('replace-packages', { status: record.status }) !== null;

/**
 * What an edit saves: a shipment that keeps its packages is saved without them, else the API refuses the whole
 * save (400 shipment.not_updatable) although its other fields may still change (statuses 4, 5, 10, 15).
 */
export function shipmentEditPayload(data: Record<string, unknown>, options?: { previousData?: Record<string, unknown> }) {
  if (!packagesLocked(options?.previousData ?? data)) return data;
  const { packages: _kept, ...rest } = data;
  void _kept;
  return rest;
}

/** The packages section: edited in a draft; past it shown read-only, with the reason. */
function ShipmentPackagesSection({ mode }: { mode: 'create' | 'edit' }) {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  const locked = mode === 'edit' && packagesLocked(record);
  return (
    <FormSection title="resources.shipments.fields.packages" name="packages" columns={1}>
      {locked && (
        <Alert severity="info" data-testid="packages-locked" sx={{ mb: 1 }}>
          {formHint(locale, 'shipment_packages_locked')}
        </Alert>
      )}
      <ShipmentPackagesInput disabled={locked} />
    </FormSection>
  );
}

/**
 * A new shipment starts from the schema defaults and the user's default pickup location (profile
 * preference). Not when the merchant is chosen in the form: the pickup location must be that merchant's.
 */
function createDefaults(canPickMerchant: boolean, defaultPickup: number | null | undefined) {
  return { ...shipmentDefaults(), ...(!canPickMerchant && defaultPickup ? { pickup_location_id: defaultPickup } : {}) };
}

/** Shipment create and edit form (DESIGN.md section 3 body). */
export function ShipmentForm({ mode }: { mode: 'create' | 'edit' }) {
  const { role, isPending, preferences } = useActor();
  // Wait for the role: it decides whether the merchant is chosen here and narrows the pickup locations.
  if (isPending) return null;
  const canPickMerchant = canSeeField(role, 'shipments', 'merchant_id');
  const schema = mode === 'create' ? (canPickMerchant ? adminCreateSchema : schemas.shipments.create) : schemas.shipments.update;
  return (
    <ResourceForm
      resource="shipments"
      schema={schema}
      nested={schemas.shipments.nested}
      defaultValues={mode === 'create' ? createDefaults(canPickMerchant, preferences?.default_pickup) : undefined}
    >
      <FormSection title="forms.sections.shipments.order" name="order">
        {canPickMerchant && mode === 'create' && <MerchantInput />}
        <TextInput source="external_reference_id" label={req('external_reference_id')} />
        <EnumInput source="type" values={SHIPMENT_TYPES} prefix="shipment_types" label={req('type')} />
        <TextInput source="contents" label={req('contents')} />
      </FormSection>
      <FormSection title="resources.shipments.fields.recipient" name="recipient">
        <TextInput source="first_name" label={req('first_name')} />
        <TextInput source="last_name" label={req('last_name')} />
        <TextInput source="email" type="email" label={req('email')} />
        <EnumInput source="locale" values={LOCALES} prefix="app.languages" label={req('locale')} />
        <CountryInput source="country" label={req('country')} />
        <RecipientPhoneInput />
      </FormSection>
      <FormSection title="forms.sections.shipments.locations" name="locations">
        <DropoffLocationInput />
        <PickupLocationInput byMerchant={canPickMerchant} />
      </FormSection>
      <ShipmentPackagesSection mode={mode} />
    </ResourceForm>
  );
}
