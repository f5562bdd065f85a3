/** Test harness for the shared components: react-admin context with our English catalogue. */
import type { ReactNode } from 'react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, Form, testDataProvider, type AuthProvider } from 'react-admin';
import { en } from '../../../core/i18n/index.js';

export const testI18n = polyglotI18nProvider(() => en, 'en', { allowMissing: true });

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
