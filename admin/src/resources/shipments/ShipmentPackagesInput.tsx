import { ArrayInput, SimpleFormIterator, TextInput, useTranslate } from 'react-admin';
import { PACKAGE_SIZES } from '../../../../core/constants.js';
import { EnumInput } from '../../components/EnumInput.js';
import { RequiredLabel } from '../../components/RequiredLabel.js';

/** The shipment's packages, edited inline: size (required), description, optional barcode. */
export function ShipmentPackagesInput() {
  const translate = useTranslate();
  const field = (name: string) => translate(`resources.packages.fields.${name}`);
  return (
    <ArrayInput source="packages" label="resources.shipments.fields.packages">
      <SimpleFormIterator inline disableReordering>
        <EnumInput source="size" values={PACKAGE_SIZES} prefix="sizes" label={<RequiredLabel>{field('size')}</RequiredLabel>} />
        <TextInput source="description" label={field('description')} />
        <TextInput source="barcode" label={field('barcode')} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}
