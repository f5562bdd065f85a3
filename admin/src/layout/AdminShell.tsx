/**
 * react-admin's <Admin> (AdminContext + AdminUI) with its stock pages loaded on demand. <Admin> names
 * its login form, error, not-found, access-denied ... pages as prop defaults, so they (with
 * react-hook-form and the form inputs) stay in the first load even when a prop replaces them; composing
 * the same parts here keeps the first load small (DESIGN.md section 7, docs/admin.md).
 */
import { useEffect, useLayoutEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { CssBaseline } from '@mui/material';
import {
  AdminContext,
  CoreAdminUI,
  I18nContext,
  LoadingPage,
  localStorageStore,
  useI18nProvider,
  useLocaleState,
  useNotificationContext,
  type AdminProps,
} from 'react-admin';
import { i18nProvider as appI18nProvider } from '../providers/i18nProvider.js';
import { catalogueFirst } from '../providers/localeStore.js';
import { onDemand } from './onDemand.js';
import { removeAppShell } from './appShell.js';
import { repeatsFieldRefusal } from '../errors/fieldRefusals.js';

type StockPages = typeof import('./stockPages.js');

const stock = <K extends keyof StockPages>(name: K, fallback: ReactNode = <LoadingPage />) =>
  onDemand(() => import('./stockPages.js').then((m) => m[name] as ComponentType<object>), fallback);

const AccessDenied = stock('AccessDenied');
const AuthCallback = stock('AuthCallback');
const AuthenticationError = stock('AuthenticationError');
const StockError = stock('Error') as NonNullable<AdminProps['error']>;
/** react-admin's error page; a first paint drawn before the app (appShell.ts) makes way for it. */
const ErrorPage: NonNullable<AdminProps['error']> = (props) => {
  useLayoutEffect(removeAppShell, []);
  return <StockError {...props} />;
};
const NotFound = stock('NotFound');
const Notification = stock('Notification', null);

/**
 * The snackbar, fetched with the first notification (most first loads show none). react-admin's "The form is not
 * valid" right after the error dialog showed the server's field errors is dropped (errors/fieldRefusals.ts).
 */
function OnDemandNotification() {
  const { notifications, takeNotification } = useNotificationContext();
  const [needed, setNeeded] = useState(false);
  const repeated = notifications.length > 0 && repeatsFieldRefusal(notifications[0]!.message);
  useEffect(() => {
    if (repeated) takeNotification();
  }, [repeated, notifications, takeNotification]);
  if (notifications.length > 0 && !repeated && !needed) setNeeded(true);
  return needed && !repeated ? <Notification /> : null;
}

/**
 * react-admin's default store, as <Admin> has it (the locale and list preferences live there), except that a new
 * language is written only once its catalogue has loaded, so that react-admin does not re-mount the app and lose
 * the forms' typing (providers/localeStore.ts).
 */
export const adminStore = catalogueFirst(localStorageStore(), appI18nProvider);

/**
 * What react-admin's re-mount on a language change did, without losing any state: each new language gives the
 * i18n context a new value, so every useTranslate() (whose translate function follows that value) renders again.
 */
function FollowLocale({ children }: { children: ReactNode }) {
  const i18n = useI18nProvider();
  const [locale] = useLocaleState();
  // `locale` is not read inside: a new object per language is the point.
  const value = useMemo(() => ({ ...i18n }), [i18n, locale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

type ShellProps = Omit<AdminProps, 'store' | 'lightTheme' | 'darkTheme' | 'defaultTheme' | 'basename' | 'queryClient'>;

export function AdminShell({ authProvider, dataProvider, i18nProvider, routerProvider, theme, children, ...ui }: ShellProps) {
  return (
    <AdminContext
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      routerProvider={routerProvider}
      store={adminStore}
      theme={theme}
    >
      <FollowLocale>
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
          <OnDemandNotification />
        </CssBaseline>
      </FollowLocale>
    </AdminContext>
  );
}
