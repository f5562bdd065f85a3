/**
 * The application shell: providers, layout, custom pages and one <Resource> per resource the role may list
 * (the guest pages are an app of their own, admin/src/guest). Resource screens load lazily (a separate chunk) once the permissions are known.
 */
import { Suspense, useEffect, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { CustomRoutes, Loading, Resource, useResourceContext, type RaRecord } from 'react-admin';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { RESOURCE_NAMES, type ResourceName } from '../../core/permissions.js';
import { authProvider, type Permissions } from './providers/authProvider.js';
import { dataProvider } from './providers/dataProvider.js';
import { i18nProvider } from './providers/i18nProvider.js';
import { canAccess } from './providers/access.js';
import { AdminShell } from './layout/AdminShell.js';
import { lazyScreen, loadChunk } from './components/lazyScreen.js';
import { onDemand } from './layout/onDemand.js';
import { theme } from './layout/theme.js';
import { GUEST_PATHS, NESTED_RESOURCES, isGuestPath, isPublicPath } from './layout/guard.js';
import { specRouterProvider } from './layout/specRouter.js';
import { showGuest } from './boot.js';
// Pages load on demand, so the first load stays small (DESIGN.md section 7); a chunk gone after a redeploy
// reloads the page once (lazyScreen).
const Dashboard = lazyScreen(() => import('./pages/Dashboard.js'), 'Dashboard');
const ProfilePage = lazyScreen(() => import('./pages/ProfilePage.js'), 'ProfilePage');
const MerchantPreferencesPage = lazyScreen(() => import('./pages/MerchantPreferencesPage.js'), 'MerchantPreferencesPage');
// Store and driver screens (admin/src/screens), one chunk each.
const PudoScreen = lazyScreen(() => import('./screens/pudo/PudoScreen.js'), 'PudoScreen');
const WarehouseScreen = lazyScreen(() => import('./screens/warehouse/WarehouseScreen.js'), 'WarehouseScreen');
const DriverScreen = lazyScreen(() => import('./screens/driver/DriverScreen.js'), 'DriverScreen');
const LockersScreen = lazyScreen(() => import('./screens/lockers/LockersScreen.js'), 'LockersScreen');
// The shipment import wizard (admin/src/screens/import), one chunk for its three steps.
const ImportStepScreen = lazyScreen(() => import('./screens/import/ImportScreen.js'), 'ImportStepScreen');
// Campaigns (issue 5): the customer's pages (public, no account) and the superadmin's message log.
const RespondPage = lazyScreen(() => import('./public/RespondPage.js'), 'RespondPage');
const TrackPage = lazyScreen(() => import('./public/TrackPage.js'), 'TrackPage');
const TrackFindPage = lazyScreen(() => import('./public/TrackPage.js'), 'TrackFindPage');
// The locker terminal's own screen (issue 13): a guest-style page of its own chunk, outside the staff shell.
const KioskPage = lazyScreen(() => import('./kiosk/KioskPage.js'), 'KioskPage');
const MessageLogPage = lazyScreen(() => import('./screens/campaigns/MessageLogPage.js'), 'MessageLogPage');

// The signed-in chrome (app bar, menu, error dialog) is a chunk of its own: the guest and customer pages
// never need it; elsewhere it starts loading now, while the session is checked.
const loadLayout = () => import('./layout/Layout.js').then((m) => m.Layout);
const path = globalThis.location?.pathname ?? '/';
if (!isGuestPath(path) && !isPublicPath(path)) void loadLayout();
const Layout = onDemand(loadLayout, <Loading />);

const guest = (page: ReactNode) => <Suspense fallback={<Loading />}>{page}</Suspense>;

/**
 * /signin, /reset-password, /create-password (after a sign-out, an expired session, a guest opening a
 * signed-in route): the guest app (admin/src/guest) takes the page over, without a reload.
 */
function ToGuestApp() {
  useEffect(() => {
    void showGuest();
  }, []);
  return null;
}

/** What App reads from a resource folder's index.ts (see admin/src/resources). */
interface ResourceScreens {
  list?: ComponentType;
  show?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  icon?: ComponentType;
  recordRepresentation?: string | ((record: RaRecord) => ReactNode);
  routes?: ReactElement[];
}

const TOP_LEVEL = new Set<string>(RESOURCE_NAMES.filter((name) => !NESTED_RESOURCES[name]));
const routerProvider = specRouterProvider(TOP_LEVEL);

const element = (Screen?: ComponentType) => (Screen ? <Screen /> : undefined);

/** Under /{slug}/{id}: the detail page, and the edit page at /edit (SPEC route shapes). */
function RecordRoutes({ show, edit }: { show?: ComponentType; edit?: ComponentType }) {
  return (
    <Routes>
      {edit && <Route path="edit/*" element={element(edit)} />}
      <Route index element={element(show ?? edit)} />
    </Routes>
  );
}

/** Old-style /{slug}/{id}/show links land on the detail page. */
function ShowRedirect() {
  const { id } = useParams();
  const resource = useResourceContext();
  return <Navigate to={`/${resource}/${id}`} replace />;
}

function resourceElements(screens: Partial<Record<ResourceName, ResourceScreens>>, permissions: Permissions | null) {
  const defs = Object.entries(screens) as [ResourceName, ResourceScreens][];
  const visible = defs.filter(([name]) => canAccess(permissions, { resource: name, action: 'show' }));
  const nestedRoutes = visible.flatMap(([, def]) => def.routes ?? []);
  return [
    <CustomRoutes key="nested">{nestedRoutes}</CustomRoutes>,
    ...visible.map(([name, def]) => {
      const listed = !NESTED_RESOURCES[name] && canAccess(permissions, { resource: name, action: 'list' });
      const canCreate = canAccess(permissions, { resource: name, action: 'create' });
      const canEdit = canAccess(permissions, { resource: name, action: 'edit' });
      const edit = canEdit ? def.edit : undefined;
      const hasRecordPages = !NESTED_RESOURCES[name] && (def.show || edit);
      return (
        <Resource
          key={name}
          name={name}
          list={listed ? def.list : undefined}
          create={canCreate && !NESTED_RESOURCES[name] ? def.create : undefined}
          edit={hasRecordPages ? <RecordRoutes show={def.show} edit={edit} /> : undefined}
          show={hasRecordPages && def.show ? <ShowRedirect /> : undefined}
          hasEdit={Boolean(edit)}
          icon={def.icon}
          recordRepresentation={def.recordRepresentation as never}
        />
      );
    }),
  ];
}

async function loadResources(permissions: Permissions | null) {
  if (!permissions) return [];
  const { resources } = await loadChunk(() => import('./resources/index.js'));
  return resourceElements(resources as Partial<Record<ResourceName, ResourceScreens>>, permissions);
}

export function App() {
  return (
    <AdminShell
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      routerProvider={routerProvider}
      layout={Layout}
      theme={theme}
      dashboard={Dashboard}
      loginPage={false}
      // The app bar always shows the app name; pages without a title of their own (error, not found) add nothing
      // rather than react-admin's default "React Admin".
      title=""
      disableTelemetry
    >
      <CustomRoutes noLayout>
        {GUEST_PATHS.map((guestPath) => (
          <Route key={guestPath} path={guestPath} element={<ToGuestApp />} />
        ))}
        <Route path="/login" element={<Navigate to="/signin" replace />} />
        {/* Public customer pages: outside the layout and its guard, for signed-in users and guests alike. */}
        <Route path="/respond/:token" element={guest(<RespondPage />)} />
        <Route path="/track" element={guest(<TrackFindPage />)} />
        <Route path="/track/:reference" element={guest(<TrackPage />)} />
        <Route path="/kiosk/:location_id" element={guest(<KioskPage />)} />
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/users/profile" element={<ProfilePage />} />
        <Route path="/merchants/preferences" element={<MerchantPreferencesPage />} />
        <Route path="/pudo" element={<PudoScreen />} />
        <Route path="/warehouse" element={<WarehouseScreen />} />
        <Route path="/driver" element={<DriverScreen />} />
        <Route path="/lockers" element={<LockersScreen />} />
        <Route path="/messages" element={<MessageLogPage />} />
        <Route path="/shipments/import" element={<Navigate to="/shipments/import/upload" replace />} />
        <Route path="/shipments/import/upload" element={<ImportStepScreen step="upload" />} />
        <Route path="/shipments/import/preview" element={<ImportStepScreen step="preview" />} />
        <Route path="/shipments/import/save" element={<ImportStepScreen step="save" />} />
      </CustomRoutes>
      {(permissions: Permissions | null) => loadResources(permissions)}
    </AdminShell>
  );
}
