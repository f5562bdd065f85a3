import type { ReactNode } from 'react';
import { DeleteButton, EditButton, TopToolbar, useCanAccess, useRecordContext, useResourceContext, type RaRecord } from 'react-admin';
import { errorsInDialog } from './CrudScreens.js';
import { useDeletedNotice } from './successNotice.js';

/** The allowed actions the API sent for a record (dataProvider copies meta.actions to `_actions`). */
export const recordActions = (record: RaRecord | undefined): string[] | undefined =>
  Array.isArray(record?._actions) ? (record._actions as string[]) : undefined;

/**
 * True when the record allows `action`: the server's per-record `_actions` when present, otherwise the
 * role-level canAccess answer (e.g. a record loaded without meta).
 */
export function useRecordAllows(action: 'edit' | 'delete' | string): boolean {
  const record = useRecordContext();
  const resource = useResourceContext();
  const { canAccess } = useCanAccess({ resource: resource ?? '', action, record });
  const actions = recordActions(record);
  if (actions) return actions.includes(action) || (action === 'edit' && actions.includes('update'));
  return !!canAccess;
}

/** Show-page toolbar: Edit and Delete only when the record allows them. */
export function ShowActions({ editTo, deleteRedirect, children }: { editTo?: string; deleteRedirect?: string; children?: ReactNode }) {
  const canEdit = useRecordAllows('edit');
  const canDelete = useRecordAllows('delete');
  const deleted = useDeletedNotice(useResourceContext(), useRecordContext());
  return (
    // Wraps on a phone: a superadmin's package page has six verbs, wider than 390 px. Hidden when nothing in
    // it renders (no verb allowed, no Edit, no Delete): on a phone an empty toolbar is a white strip.
    <TopToolbar sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1, '&:empty': { display: 'none' } }}>
      {children}
      {/* EditButton spreads its props after its own `to`: an explicit `to={undefined}` would replace the
          edit path with nothing (the link points at the current page and throws reading `pathname`). */}
      {canEdit && (editTo ? <EditButton to={editTo} /> : <EditButton />)}
      {canDelete && <DeleteButton mutationMode="pessimistic" mutationOptions={errorsInDialog} redirect={deleteRedirect} successMessage={deleted} />}
    </TopToolbar>
  );
}
