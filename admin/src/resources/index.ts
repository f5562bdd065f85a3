/**
 * The nine resources, keyed by their plural name (one name everywhere: table, REST path, <Resource>,
 * `resources.<name>.*` i18n keys). Each folder's index exports `{ list, show, edit, create, icon,
 * recordRepresentation }` with lazily loaded screens.
 *
 * Wiring (admin shell, App.tsx):
 *
 *   import { resources } from './resources/index.js';
 *   <Resource name={name} list create edit show icon recordRepresentation ... /> per resource, and
 *   <CustomRoutes>{resources.packages.routes}{resources.batch_items.routes}</CustomRoutes>
 *   (the same elements are exported as `nestedRoutes`).
 *
 * Nested resources (SPEC section 2): packages live under /shipments/:parent_id/packages and batch items
 * under /batches/:parent_id/batch_items. react-admin does not nest resources, so:
 * - `resources.packages` and `resources.batch_items` have no list/show/edit/create: registering them
 *   gives react-admin their name, icon and recordRepresentation (ReferenceFields, i18n) without a menu
 *   entry or top-level routes;
 * - their screens are the `nestedRoutes` below: plain react-router <Route>s (list, create, :id show,
 *   :id/edit) wrapped in the child's ResourceContext, to be mounted under <CustomRoutes> (with the
 *   layout). Static segments outrank react-admin's `shipments/*` route, so they win over /shipments/:id.
 *   Screens read `:parent_id` with useParams (components/useParentId.ts): lists filter on shipment_id /
 *   batch_id, create forms default it, and links use packagePath / batchItemPath (SPEC shape: /{id} is
 *   the detail page, /{id}/edit the edit page). Route-guard names: packages, packages-create,
 *   packages-show, packages-edit (same for batch_items).
 *
 * Data provider contract used by the screens: list filters `search` and `scope` go top-level (locations
 * default to core defaultLocationScope(role) via filterDefaultValues); selects ask for `light=1` lists through
 * `queryOptions.meta.light`; records carry `_actions` (Edit/Delete buttons shown only when included).
 * Identity: `useGetIdentity().identity.user` (or the identity itself) has role, features, merchant_id,
 * country (components/useActor.ts).
 *
 * Unsaved-changes prompt (components/UnsavedChangesGuard.tsx) needs a data router (react-admin's
 * default, or createBrowserRouter for history mode); under a plain <BrowserRouter> only the browser's
 * unload prompt remains.
 */
import type { ResourceName } from '../../../core/permissions.js';
import batch_items, { batchItemRoutes } from './batch_items/index.js';
import batches from './batches/index.js';
import location_groups from './location_groups/index.js';
import locations from './locations/index.js';
import manifests from './manifests/index.js';
import merchants from './merchants/index.js';
import packages, { packageRoutes } from './packages/index.js';
import shipments from './shipments/index.js';
import users from './users/index.js';

export const resources: Record<ResourceName, Record<string, unknown>> = {
  shipments,
  packages,
  batches,
  batch_items,
  manifests,
  locations,
  location_groups,
  merchants,
  users,
};

/** <Route> elements of the nested resources, for <CustomRoutes>. */
export const nestedRoutes = [...packageRoutes, ...batchItemRoutes];
