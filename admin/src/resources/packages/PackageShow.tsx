import { ReferenceField, Show, TextField, useCreatePath, useRecordContext } from 'react-admin';
import { DateField } from '../../components/DateField.js';
import { DetailPage, DetailSection, YesNoField } from '../../components/DetailSections.js';
import { EventHistory } from '../../components/EventHistory.js';
import { EnumField } from '../../components/EnumInput.js';
import { ShowActions } from '../../components/recordActions.js';
import { StatusChipField } from '../../components/StatusField.js';
import { useParentId } from '../../components/useParentId.js';
import { packagePath } from './paths.js';
import { ConsolidationLinks, DebugPanel, IdentificationImage, PackageActions } from '../../screens/operations/index.js';
import { NameField } from '../../components/NameField.js';

function PackageShowActions() {
  const record = useRecordContext();
  const parentId = useParentId();
  const createPath = useCreatePath();
  const shipmentId = record?.shipment_id ?? parentId;
  return (
    <ShowActions
      editTo={record ? packagePath(shipmentId, record.id, 'edit') : undefined}
      deleteRedirect={createPath({ resource: 'shipments', type: 'show', id: shipmentId })}
    >
      <PackageActions />
    </ShowActions>
  );
}

const FLAGS = ['is_rerouted', 'is_consolidated', 'is_consolidation', 'missing', 'is_unpaid'];

/** The consolidation card, only for a package that went into a container or holds others. */
function ConsolidationSection() {
  const record = useRecordContext();
  const linked = !!record?.consolidated_to || (Array.isArray(record?.consolidations) && record.consolidations.length > 0);
  if (!linked) return null;
  return (
    <DetailSection title="details.sections.consolidation" block>
      <ConsolidationLinks />
    </DetailSection>
  );
}

/** A package at /shipments/:parent_id/packages/:id, as cards (components/DetailSections.tsx). */
export function PackageShow() {
  return (
    <Show resource="packages" component="div" actions={<PackageShowActions />}>
      <DetailPage>
        <DetailSection title="resources.packages.name" testId="section-package">
          <TextField source="barcode" />
          <StatusChipField source="status" table="packages" />
          <EnumField source="size" prefix="sizes" />
          <TextField source="description" />
          <ReferenceField source="shipment_id" reference="shipments" link="show" />
          <DateField source="created_at" showTime />
          <DateField source="updated_at" showTime />
        </DetailSection>
        <DetailSection title="details.sections.whereabouts" testId="section-whereabouts">
          <NameField source="location_id" label="resources.packages.fields.location_id" />
          <NameField source="dropoff_location_id" label="resources.packages.fields.dropoff_location_id" />
          <NameField source="driver_id" label="resources.packages.fields.driver_id" />
          <TextField source="locker_number" />
          <DateField source="available_at" showTime />
          <DateField source="expires_at" showTime />
        </DetailSection>
        <DetailSection title="details.sections.flags">
          {FLAGS.map((flag) => (
            <YesNoField key={flag} source={flag} />
          ))}
        </DetailSection>
        <ConsolidationSection />
        <IdentificationImage />
        <DetailSection title="details.sections.history" wide block testId="section-history">
          <EventHistory table="packages" />
        </DetailSection>
        <DebugPanel resource="packages" />
      </DetailPage>
    </Show>
  );
}
