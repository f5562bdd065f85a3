import { TextInput } from 'react-admin';
import { CountryInput } from '../../components/CountryInput.js';
import { req } from '../../components/RequiredLabel.js';

const ADDRESS_FIELDS = ['address_company', 'address_street', 'address_house_number', 'address_locality', 'address_postcode', 'address_state', 'address_description'];

/** The address block of a location (country defaults to BS). */
export const LocationAddressInputs = () => (
  <>
    {ADDRESS_FIELDS.map((source) => (
      <TextInput key={source} source={source} label={req(source)} />
    ))}
    <CountryInput source="address_country" label={req('address_country')} />
  </>
);
