import type { ReactNode } from 'react';
import { TextField, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { DetailSection } from '../../components/DetailSections.js';
import { EnumField } from '../../components/EnumInput.js';
import { RelatedList } from '../../components/RelatedList.js';
import { joinLine } from '../../components/ResourceList.js';
import { StatusChipField } from '../../components/StatusField.js';
import { packagePath } from './paths.js';

/** A package row leads to the package under its own shipment. */
const packageLink = (id: Identifier, _resource: string, record: RaRecord) => packagePath(record.shipment_id, id);

/**
 * The "Packages" card of a detail page (shipment, manifest, location): the packages whose `target` is the
 * record, by barcode, size and status, plus the page's own `children` columns; a row opens the package.
 */
export function PackagesSection({ target, children }: { target: string; children?: ReactNode }) {
  const translate = useTranslate();
  // On a phone: barcode and status, then size and description.
  const phoneRow = {
    primary: (r: RaRecord) => r.barcode,
    secondary: (r: RaRecord) => joinLine(r.size && translate(`sizes.${r.size}`, { _: r.size }), r.description),
    tertiary: <StatusChipField source="status" table="packages" />,
  };
  return (
    <DetailSection title="resources.shipments.fields.packages" wide block>
      <RelatedList reference="packages" target={target} label={false} rowClick={packageLink} phoneRow={phoneRow}>
        <TextField source="barcode" />
        <EnumField source="size" prefix="sizes" />
        <StatusChipField source="status" table="packages" />
        {children}
      </RelatedList>
    </DetailSection>
  );
}
