/**
 * Nested resources (SPEC section 2): packages under /shipments/{parent_id}, batch items under
 * /batches/{parent_id}. react-admin does not nest resources, so their screens are plain routes under
 * <CustomRoutes>, each wrapped in the child's ResourceContext; screens read `:parent_id` (useParentId).
 */
import type { ComponentType } from 'react';
import { Route } from 'react-router';
import { ResourceContextProvider, type Identifier } from 'react-admin';
import { onDemand } from '../layout/onDemand.js';

/** /{parent}/{parentId}/{child}[/{id}[/edit]] — `id` may be 'create'. */
export function nestedPath(parent: string, child: string, parentId: Identifier, id?: Identifier | 'create', suffix?: 'edit'): string {
  const base = `/${parent}/${parentId}/${child}`;
  if (id === undefined) return base;
  return suffix ? `${base}/${id}/${suffix}` : `${base}/${id}`;
}

export interface NestedScreens {
  list: ComponentType;
  create: ComponentType;
  show: ComponentType;
  edit: ComponentType;
}

/** The four routes of a nested resource, keyed for use as <CustomRoutes> children. */
export function nestedRoutes(parent: string, child: string, screens: NestedScreens) {
  const base = `/${parent}/:parent_id/${child}`;
  const wrap = (Screen: ComponentType) => (
    <ResourceContextProvider value={child}>
      <Screen />
    </ResourceContextProvider>
  );
  return [
    <Route key={`${child}-list`} path={base} element={wrap(screens.list)} />,
    <Route key={`${child}-create`} path={`${base}/create`} element={wrap(screens.create)} />,
    <Route key={`${child}-show`} path={`${base}/:id`} element={wrap(screens.show)} />,
    <Route key={`${child}-edit`} path={`${base}/:id/edit`} element={wrap(screens.edit)} />,
  ];
}

type NestedCreateButtonProps = Parameters<typeof import('./NestedCreateButton.js').NestedCreateButton>[0];

// Fetched where it is shown (list and detail pages): these routes are part of every signed-in first screen
// (through admin/src/resources), and the button brings react-admin's CreateButton, MUI's Fab, Tooltip and
// Popper (~14 kB gzip, issue 11).
const LazyNestedCreateButton = onDemand<NestedCreateButtonProps>(() => import('./NestedCreateButton.js').then((m) => m.NestedCreateButton));

/** "Create" for a nested resource (e.g. add a package on a shipment page), when the role may create. */
export function NestedCreateButton(props: NestedCreateButtonProps) {
  return <LazyNestedCreateButton {...props} />;
}
