/**
 * The list chrome every resource list shares (SPEC section 2, Lists): type-to-search, "add filter",
 * "reset table", a pagination reading "Shows {from}-{to} of {total} rows" (25 per page by default) and
 * bulk actions (bulk delete only for roles that may delete; the selection bar has a clear action).
 */
import SearchIcon from '@mui/icons-material/Search';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { InputAdornment } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import {
  BulkDeleteButton,
  Button,
  CreateButton,
  FilterButton,
  Pagination,
  TextInput,
  TopToolbar,
  useCanAccess,
  useListContext,
  useResourceContext,
  useTranslate,
  type SortPayload,
} from 'react-admin';
import { LIST_DEFAULTS } from '../../../core/constants.js';
import { errorsInDialog } from './CrudScreens.js';
import { deletedNotice } from './successNotice.js';

export const DEFAULT_SORT: SortPayload = { field: 'id', order: 'ASC' };
export const PER_PAGE = LIST_DEFAULTS.perPage;

/** Labelled search box; react-admin's filter form debounces it into the `search` filter. */
export function SearchFilter(_props: { alwaysOn?: boolean; source?: string }) {
  const translate = useTranslate();
  return (
    <TextInput
      source="search"
      label={translate('lists.search')}
      resettable
      slotProps={{ input: { endAdornment: <InputAdornment position="end"><SearchIcon aria-hidden /></InputAdornment> } }}
    />
  );
}

/** Builds the filter list: the search box first (always shown), then the resource's own filters. */
export function withSearch(filters: ReactElement[]): ReactElement[] {
  return [<SearchFilter key="search" source="search" alwaysOn />, ...filters];
}

/** Clears search, filters, sort, page and selection. `defaults` are the list's initial filter values. */
export function ResetTableButton({ sort = DEFAULT_SORT, defaults = {} }: { sort?: SortPayload; defaults?: Record<string, unknown> }) {
  const translate = useTranslate();
  const { setFilters, setSort, setPage, onUnselectItems } = useListContext();
  const reset = () => {
    setFilters(defaults, {});
    setSort(sort);
    setPage(1);
    onUnselectItems();
  };
  return (
    <Button label={translate('lists.reset')} aria-label={translate('lists.reset')} onClick={reset}>
      <RestartAltIcon />
    </Button>
  );
}

export interface ListActionsProps {
  sort?: SortPayload;
  defaults?: Record<string, unknown>;
  /** Hide the create button (nested lists render their own). */
  create?: ReactNode | false;
  children?: ReactNode;
}

/** Top toolbar: add filter, reset table, create (when the role may create), extra actions. */
export function ListActions({ sort, defaults, create, children }: ListActionsProps) {
  const resource = useResourceContext();
  const { canAccess: canCreate } = useCanAccess({ resource, action: 'create' });
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <FilterButton />
      <ResetTableButton sort={sort} defaults={defaults} />
      {children}
      {create === false ? null : (create ?? (canCreate && <CreateButton />))}
    </TopToolbar>
  );
}

/**
 * MUI TablePagination's `labelDisplayedRows`: 'Shows {from}-{to} of {total} rows', or past the API's count
 * cap (the total is then a lower bound) "of more than 1000 rows". Every paged table uses it.
 */
export function useDisplayedRowsLabel(capped = false) {
  const translate = useTranslate();
  return ({ from, to, count }: { from: number; to: number; count: number }) =>
    translate(capped ? 'lists.shows_capped' : 'lists.shows', { from, to, total: count < 0 ? to : count });
}

/**
 * Every text of a plain MUI TablePagination in the interface language (its own defaults are English):
 * 'Shows {from}-{to} of {total} rows' (of more than {total}: `capped`, meta.totalCapped), 'Rows per page:' and the
 * previous / next buttons' labels.
 */
export function useTablePaginationLabels(capped = false) {
  const translate = useTranslate();
  return {
    labelDisplayedRows: useDisplayedRowsLabel(capped),
    labelRowsPerPage: translate('ra.navigation.page_rows_per_page'),
    getItemAriaLabel: usePageButtonNames(),
  };
}

/** MUI TablePagination's `getItemAriaLabel`: the first / previous / next / last buttons' names (`ra.navigation.*`). */
function usePageButtonNames() {
  const translate = useTranslate();
  return (type: 'first' | 'last' | 'next' | 'previous') => translate(`ra.navigation.${type}`);
}

/** Pagination of lists and related lists: 'Shows {from}-{to} of {total} rows', 25 rows per page by default. */
export function ListPagination() {
  const { meta } = useListContext();
  const labelDisplayedRows = useDisplayedRowsLabel((meta as { totalCapped?: boolean } | undefined)?.totalCapped);
  // The previous / next buttons' names: react-admin passes them on a wide screen only, and on a phone MUI's own
  // English ones ("Go to next page") were read out in Spanish too.
  const getItemAriaLabel = usePageButtonNames();
  // PaginationProps omits these two from its type, but passes them on to MUI's TablePagination.
  return <Pagination rowsPerPageOptions={[10, 25, 50, 100]} {...({ labelDisplayedRows, getItemAriaLabel } as object)} />;
}

/** Bulk actions for selected rows: delete only when the role may delete. */
export function ListBulkActions({ children }: { children?: ReactNode }) {
  const resource = useResourceContext();
  const { canAccess: canDelete } = useCanAccess({ resource, action: 'delete' });
  return (
    <>
      {children}
      {canDelete && <BulkDeleteButton mutationMode="pessimistic" mutationOptions={errorsInDialog} successMessage={deletedNotice(resource)} />}
    </>
  );
}
