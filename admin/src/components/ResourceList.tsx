import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, List, ListContextProvider, SimpleList, useList, useResourceContext, type DatagridProps, type ListProps, type RaRecord, type SortPayload } from 'react-admin';
import { LIST_SORTS, canSortBy } from '../../../core/lists.js';
import type { ResourceName } from '../../../core/permissions.js';
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
  /** What a row says below the MUI `sm` breakpoint, where a simple list replaces the clipped table. */
  phoneRow?: PhoneRow;
};

/** A phone row's lines: each a text from the record, or an element rendered in the row's record context. */
type Line = ((record: RaRecord) => ReactNode) | ReactElement;
export interface PhoneRow {
  primary: Line;
  secondary?: Line;
  /** Shown at the end of the first line (e.g. the status chip). */
  tertiary?: Line;
}

/** Parts of a phone row line joined by " · ", empty ones left out. */
export const joinLine = (...parts: unknown[]): string => parts.filter((p) => p !== null && p !== undefined && p !== '').join(' · ');

/** SimpleList floats a tertiary text to the end of the first line, not an element: this one floats too. */
export const atLineEnd = (line: Line | undefined): Line | undefined =>
  isValidElement(line) ? <Box component="span" sx={{ float: 'right', ml: 1 }}>{line}</Box> : line;

/** Below the MUI `sm` breakpoint (a phone), where lists show as simple lists of rows instead of tables. */
export const usePhoneWidth = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

/**
 * The phone rows of a list a screen fetched itself (not a react-admin List: the message log, webhook deliveries):
 * the SimpleList ResourceList shows on a phone, over the page of rows given, read-only. Long unbroken values (an
 * address, an error) wrap instead of widening the page. `resource` names the rows (SimpleList asks for one; no link is made).
 */
export function PhoneRows<T extends RaRecord>({ resource, data, row, empty, label }: { resource: string; data: T[]; row: PhoneRow; empty: ReactNode; label: string }) {
  const list = useList<T>({ data, perPage: Math.max(data.length, 1) });
  return (
    <ListContextProvider value={list}>
      {/* The test id on a box of its own: with no rows, SimpleList renders the `empty` element instead of its list. */}
      <Box data-testid="phone-list">
        <SimpleList
          resource={resource}
          aria-label={label}
          primaryText={row.primary}
          secondaryText={row.secondary}
          tertiaryText={atLineEnd(row.tertiary)}
          rowClick={false}
          empty={empty}
          sx={{ '& .MuiListItemText-root': { overflowWrap: 'anywhere', minWidth: 0 } }}
        />
      </Box>
    </ListContextProvider>
  );
}

/**
 * The columns with their sort headers only where the API sorts by them (core LIST_SORTS): a header the API refuses
 * (400 list.sort_unsupported) would leave the list empty behind an error until the table is reset.
 */
function withCoreSorts(resource: string | undefined, columns: ReactNode): ReactNode {
  return Children.map(columns, (column) => {
    if (!resource || !(resource in LIST_SORTS) || !isValidElement<{ source?: string; sortBy?: string; sortable?: boolean }>(column)) return column;
    const field = column.props.sortBy ?? column.props.source;
    if (column.props.sortable === false || !field || canSortBy(resource as ResourceName, field)) return column;
    return cloneElement(column, { sortable: false });
  });
}

/**
 * A react-admin List + Datagrid with the shared toolbar, search, pagination and bulk actions; on a phone
 * (below `sm`) a SimpleList of `phoneRow` whose rows lead where the table's do.
 */
export function ResourceList({ filters = [], sort = DEFAULT_SORT, children, rowClick = 'show', toolbar, create, bulkActions, filterDefaultValues, phoneRow, ...props }: ResourceListProps) {
  const phone = usePhoneWidth();
  const resource = useResourceContext(props);
  return (
    <List
      perPage={PER_PAGE}
      sort={sort}
      filters={withSearch(filters)}
      filterDefaultValues={filterDefaultValues}
      actions={<ListActions sort={sort} defaults={filterDefaultValues as Record<string, unknown> | undefined} create={create}>{toolbar}</ListActions>}
      pagination={<ListPagination />}
      // A table wider than the window scrolls inside its own box: the toolbar and the bulk bar stay in view.
      sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } }}
      {...props}
    >
      {phone && phoneRow ? (
        <SimpleList data-testid="phone-list" primaryText={phoneRow.primary} secondaryText={phoneRow.secondary} tertiaryText={atLineEnd(phoneRow.tertiary)} rowClick={rowClick} />
      ) : (
        <Datagrid rowClick={rowClick} body={keyboardRowsBody} bulkActionButtons={<ListBulkActions>{bulkActions}</ListBulkActions>}>
          {withCoreSorts(resource, children)}
        </Datagrid>
      )}
    </List>
  );
}
