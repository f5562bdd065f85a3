import { DateInput, TextInput } from 'react-admin';
import { LOCALES } from '../../../../core/constants.js';
import { dropoffClassesFor } from '../../../../core/policies/packages.policy.js';
import { batchItemDefaults, schemas } from '../../../../core/schemas/index.js';
import { CountryInput } from '../../components/CountryInput.js';
import { EnumInput } from '../../components/EnumInput.js';
import { LocationReferenceInput } from '../../components/LocationOption.js';
import { PhoneInput } from '../../components/PhoneInput.js';
import { req } from '../../components/RequiredLabel.js';
import { ResourceForm } from '../../components/ResourceForm.js';
import { useActor } from '../../components/useActor.js';
import { batchItemPath } from './paths.js';

/**
 * A batch customer; the country and language default to the user's own, else BS (SPEC section 3) and
 * English. The language is the one of the customer's messages and respond page.
 */
export function BatchItemForm({ mode, batchId }: { mode: 'create' | 'edit'; batchId?: number | string }) {
  const { country, locale } = useActor();
  return (
    <ResourceForm
      resource="batch_items"
      schema={schemas.batch_items[mode === 'create' ? 'create' : 'update']}
      defaultValues={mode === 'create' ? { batch_id: batchId, ...batchItemDefaults(country, locale) } : undefined}
      deleteRedirect={batchId !== undefined ? batchItemPath(batchId) : undefined}
    >
      <TextInput source="first_name" label={req('first_name')} />
      <TextInput source="last_name" label={req('last_name')} />
      <TextInput source="email" type="email" label={req('email')} />
      <CountryInput source="country" label={req('country')} />
      <PhoneInput source="phone" label={req('phone')} />
      <EnumInput source="locale" values={LOCALES} prefix="app.languages" label={req('locale')} />
      <DateInput source="offset_date" label={req('offset_date')} />
      {/* Where the customer drops the parcel off (the respond page sets it too): lockers and PUDO points, never a warehouse. */}
      <LocationReferenceInput source="pickup_location_id" filter={{ scope: 'dropoff', class: dropoffClassesFor([]) }} label={req('pickup_location_id')} />
    </ResourceForm>
  );
}
