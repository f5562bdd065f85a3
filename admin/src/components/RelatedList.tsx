import type { ReactNode } from 'react';
import { Datagrid, ReferenceManyField, SimpleList, type DatagridProps, type SortPayload } from 'react-admin';
import { ListPagination } from './ListToolbarAndPagination.js';
import { keyboardRowsBody } from './keyboardRows.js';
import { atLineEnd, usePhoneWidth, type PhoneRow } from './ResourceList.js';

export interface RelatedListProps {
  reference: string;
  target: string;
  label?: ReactNode;
  sort?: SortPayload;
  rowClick?: DatagridProps['rowClick'];
  /** What a row says below the MUI `sm` breakpoint, where a simple list replaces the table (as in ResourceList). */
  phoneRow?: PhoneRow;
  children: ReactNode;
}

/**
 * A paged table of related records on a show page (e.g. a shipment's packages), with the lists' pagination; on a
 * phone, the rows of `phoneRow` (a table of three columns and more scrolled sideways in its card there).
 */
export function RelatedList({ reference, target, label, sort = { field: 'id', order: 'ASC' }, rowClick = 'show', phoneRow, children }: RelatedListProps) {
  const phone = usePhoneWidth();
  return (
    <ReferenceManyField reference={reference} target={target} label={label} sort={sort} perPage={10} pagination={<ListPagination />}>
      {phone && phoneRow ? (
        <SimpleList data-testid="phone-list" primaryText={phoneRow.primary} secondaryText={phoneRow.secondary} tertiaryText={atLineEnd(phoneRow.tertiary)} rowClick={rowClick} />
      ) : (
        <Datagrid rowClick={rowClick} body={keyboardRowsBody} bulkActionButtons={false}>
          {children}
        </Datagrid>
      )}
    </ReferenceManyField>
  );
}
