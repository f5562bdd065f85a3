import type { ReactNode } from 'react';
import { Datagrid, ReferenceManyField, type DatagridProps, type SortPayload } from 'react-admin';
import { ListPagination } from './ListToolbarAndPagination.js';
import { keyboardRowsBody } from './keyboardRows.js';

export interface RelatedListProps {
  reference: string;
  target: string;
  label?: ReactNode;
  sort?: SortPayload;
  rowClick?: DatagridProps['rowClick'];
  children: ReactNode;
}

/** A paged table of related records on a show page (e.g. a shipment's packages), with the lists' pagination. */
export function RelatedList({ reference, target, label, sort = { field: 'id', order: 'ASC' }, rowClick = 'show', children }: RelatedListProps) {
  return (
    <ReferenceManyField reference={reference} target={target} label={label} sort={sort} perPage={10} pagination={<ListPagination />}>
      <Datagrid rowClick={rowClick} body={keyboardRowsBody} bulkActionButtons={false}>
        {children}
      </Datagrid>
    </ReferenceManyField>
  );
}
