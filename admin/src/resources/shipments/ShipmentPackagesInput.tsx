import { ArrayInput, SimpleFormIterator, TextInput, useTranslate } from 'react-admin';
import { PACKAGE_SIZES } from '../../../../core/constants.js';
import { EnumInput } from '../../components/EnumInput.js';
import { RequiredLabel } from '../../components/RequiredLabel.js';

/**
 * The shipment's packages, edited inline: size (required), description, optional barcode. `disabled`: shown
 * but not editable (a registered shipment keeps its packages), without the add and remove buttons.
 */
export function ShipmentPackagesInput({ disabled }: { disabled?: boolean }) {
  const translate = useTranslate();
  const field = (name: string) => translate(`resources.packages.fields.${name}`);
  return (
    <ArrayInput source="packages" label="resources.shipments.fields.packages">
      <SimpleFormIterator inline disableReordering disabled={disabled}>
        <EnumInput source="size" values={PACKAGE_SIZES} prefix="sizes" label={<RequiredLabel>{field('size')}</RequiredLabel>} disabled={disabled} />
        <TextInput source="description" label={field('description')} disabled={disabled} />
        <TextInput source="barcode" label={field('barcode')} disabled={disabled} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}
