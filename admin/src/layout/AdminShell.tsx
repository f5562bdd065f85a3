/**
 * react-admin's <Admin> (AdminContext + AdminUI) with its stock pages loaded on demand. <Admin> names
 * its login form, not-found, access-denied ... pages as prop defaults, so they (with react-hook-form
 * and the form inputs) stay in the first load even when a prop replaces them; composing the same
 * parts here keeps the first load small (DESIGN.md section 7, docs/admin.md).
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { CssBaseline } from '@mui/material';
import {
  AdminContext,
  CoreAdminUI,
  Error as ErrorPage,
  LoadingPage,
  Notification,
  localStorageStore,
  type AdminProps,
} from 'react-admin';

type StockPages = typeof import('./stockPages.js');

function onDemand(name: keyof StockPages): ComponentType {
  const Page = lazy(() => import('./stockPages.js').then((m) => ({ default: m[name] as ComponentType })));
  return function StockPage() {
    return (
      <Suspense fallback={<LoadingPage />}>
        <Page />
      </Suspense>
    );
  };
}

const AccessDenied = onDemand('AccessDenied');
const AuthCallback = onDemand('AuthCallback');
const AuthenticationError = onDemand('AuthenticationError');
const NotFound = onDemand('NotFound');

/** react-admin's default store, as <Admin> has it (the locale and list preferences live there). */
const store = localStorageStore();

type ShellProps = Omit<AdminProps, 'store' | 'lightTheme' | 'darkTheme' | 'defaultTheme' | 'basename' | 'queryClient'>;

export function AdminShell({ authProvider, dataProvider, i18nProvider, routerProvider, theme, children, ...ui }: ShellProps) {
  return (
    <AdminContext
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      routerProvider={routerProvider}
      store={store}
      theme={theme}
    >
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          accessDenied={AccessDenied}
          authCallbackPage={AuthCallback}
          authenticationError={AuthenticationError}
          catchAll={NotFound}
          error={ErrorPage}
          loading={LoadingPage}
          {...ui}
        >
          {children}
        </CoreAdminUI>
        <Notification />
      </CssBaseline>
    </AdminContext>
  );
}
