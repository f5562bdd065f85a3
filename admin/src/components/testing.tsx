/** Test harness for the admin's tests: react-admin context with our catalogues, a form, a screen at its route. */
import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { Route, Routes } from 'react-router-dom';
import {
  AdminContext, Form, ResourceContextProvider, TestMemoryRouter, testDataProvider,
  type AuthProvider, type DataProvider, type I18nProvider, type Store, type TranslationMessages,
} from 'react-admin';
import { en, messages } from '../../../core/i18n/index.js';

export const testI18n = polyglotI18nProvider(() => en, 'en', { allowMissing: true });

/** English and Spanish, starting in English, switchable like the public pages' own provider (a fresh one per render). */
export const bilingualI18n = () =>
  polyglotI18nProvider((locale) => (messages as unknown as Record<string, TranslationMessages>)[locale]!, 'en', [{ locale: 'en', name: 'English' }, { locale: 'es', name: 'Español' }], { allowMissing: true });

export const testAuth = (user: Record<string, unknown>): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getIdentity: async () => ({ id: 1, fullName: 'Test', user }),
  canAccess: async () => true,
});

export function InForm({ children, values = {}, user }: { children: ReactNode; values?: Record<string, unknown>; user?: Record<string, unknown> }) {
  return (
    <AdminContext i18nProvider={testI18n} dataProvider={testDataProvider()} authProvider={user ? testAuth(user) : undefined}>
      <Form record={values}>{children}</Form>
    </AdminContext>
  );
}

export interface RouteHarness {
  /** Where the router starts, e.g. '/shipments/1'. */
  url: string;
  /** The route that shows `element`, e.g. '/shipments/:id'. */
  path: string;
  element: ReactElement;
  /** The resource context around the routes, as a resource's screens have it. */
  resource?: string;
  dataProvider?: DataProvider;
  authProvider?: AuthProvider;
  /** Our English catalogue unless told. */
  i18nProvider?: I18nProvider;
  store?: Store;
  /** Rendered inside the admin context after the routes (e.g. `<Notification />`). */
  extra?: ReactNode;
}

/** Renders `element` at its route with the router at `url`, inside an AdminContext. */
export function renderRoute({ url, path, element, resource, extra, i18nProvider = testI18n, ...context }: RouteHarness) {
  const routes = (
    <Routes>
      <Route path={path} element={element} />
    </Routes>
  );
  return render(
    <TestMemoryRouter initialEntries={[url]}>
      <AdminContext i18nProvider={i18nProvider} {...context}>
        {resource ? <ResourceContextProvider value={resource}>{routes}</ResourceContextProvider> : routes}
        {extra}
      </AdminContext>
    </TestMemoryRouter>,
  );
}
