import { BooleanField, NumberField, TextField, useTranslate } from 'react-admin';
import { DateField } from '../../components/DateField.js';
import { TRANSPORT_MODES } from '../../../../core/constants.js';
import { EnumField, EnumInput, StatusInput } from '../../components/EnumInput.js';
import { LightReferenceInput } from '../../components/LightReferenceInput.js';
import { ResourceList, joinLine } from '../../components/ResourceList.js';
import { StatusChipField } from '../../components/StatusField.js';
import { useFieldMask } from '../../components/useActor.js';
import { NameField } from '../../components/NameField.js';

export function ManifestList() {
  const mask = useFieldMask('manifests');
  const translate = useTranslate();
  const filters = [
    <StatusInput key="status" source="status" table="manifests" />,
    <EnumInput key="mode" source="mode" values={TRANSPORT_MODES} prefix="modes" />,
    ...(mask.filter('merchant_id') ? [<LightReferenceInput key="merchant" source="merchant_id" reference="merchants" />] : []),
  ];
  return (
    <ResourceList
      filters={filters}
      phoneRow={{
        primary: (r) => r.name,
        secondary: (r) =>
          joinLine(
            r.mode && translate(`modes.${r.mode}`, { _: r.mode }),
            `${translate('resources.manifests.fields.shipment_count')}: ${r.shipment_count ?? 0}`,
            `${translate('resources.manifests.fields.package_count')}: ${r.package_count ?? 0}`,
          ),
        tertiary: <StatusChipField source="status" table="manifests" />,
      }}
    >
      <TextField source="id" />
      <TextField source="name" />
      <StatusChipField source="status" table="manifests" />
      <EnumField source="mode" prefix="modes" />
      {mask.field('merchant_id') && <NameField source="merchant_id" label="resources.manifests.fields.merchant_id" sortable={false} />}
      <BooleanField source="delivery_attempted" looseValue sortable={false} />
      <NumberField source="shipment_count" />
      <NumberField source="package_count" />
      <DateField source="created_at" showTime />
    </ResourceList>
  );
}
