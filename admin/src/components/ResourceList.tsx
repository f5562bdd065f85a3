import type { ReactElement, ReactNode } from 'react';
import { Datagrid, List, type DatagridProps, type ListProps, type SortPayload } from 'react-admin';
import { DEFAULT_SORT, ListActions, ListBulkActions, ListPagination, PER_PAGE, withSearch } from './ListToolbarAndPagination.js';
import { keyboardRowsBody } from './keyboardRows.js';

export type ResourceListProps = Omit<ListProps, 'filters' | 'children'> & {
  filters?: ReactElement[];
  sort?: SortPayload;
  children: ReactNode;
  rowClick?: DatagridProps['rowClick'];
  /** Extra toolbar content (e.g. a scope selector). */
  toolbar?: ReactNode;
  create?: ReactNode | false;
  /** Extra bulk actions for the selected rows (e.g. export), before the shared ones. */
  bulkActions?: ReactNode;
};

/** A react-admin List + Datagrid with the shared toolbar, search, pagination and bulk actions. */
export function ResourceList({ filters = [], sort = DEFAULT_SORT, children, rowClick = 'show', toolbar, create, bulkActions, filterDefaultValues, ...props }: ResourceListProps) {
  return (
    <List
      perPage={PER_PAGE}
      sort={sort}
      filters={withSearch(filters)}
      filterDefaultValues={filterDefaultValues}
      actions={<ListActions sort={sort} defaults={filterDefaultValues as Record<string, unknown> | undefined} create={create}>{toolbar}</ListActions>}
      pagination={<ListPagination />}
      {...props}
    >
      <Datagrid rowClick={rowClick} body={keyboardRowsBody} bulkActionButtons={<ListBulkActions>{bulkActions}</ListBulkActions>}>
        {children}
      </Datagrid>
    </List>
  );
}
