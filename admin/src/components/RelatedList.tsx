import type { ReactNode } from 'react';
import { Datagrid, Pagination, ReferenceManyField, type DatagridProps, type SortPayload } from 'react-admin';
import { keyboardRowsBody } from './keyboardRows.js';

export interface RelatedListProps {
  reference: string;
  target: string;
  label?: ReactNode;
  sort?: SortPayload;
  rowClick?: DatagridProps['rowClick'];
  children: ReactNode;
}

/** A paged table of related records on a show page (e.g. a shipment's packages). */
export function RelatedList({ reference, target, label, sort = { field: 'id', order: 'ASC' }, rowClick = 'show', children }: RelatedListProps) {
  return (
    <ReferenceManyField reference={reference} target={target} label={label} sort={sort} perPage={10} pagination={<Pagination />}>
      <Datagrid rowClick={rowClick} body={keyboardRowsBody} bulkActionButtons={false}>
        {children}
      </Datagrid>
    </ReferenceManyField>
  );
}
