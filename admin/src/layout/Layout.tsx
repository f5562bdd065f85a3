import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { AppBar } from './AppBar.js';
import { Menu } from './Menu.js';
import { RouteGuard } from './RouteGuard.js';
import { ErrorDialog } from '../errors/ErrorDialog.js';

/** The signed-in layout: app bar, menu, the navigation guard and the global error dialog. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout appBar={AppBar} menu={Menu} sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}>
      <RouteGuard>{children}</RouteGuard>
      <ErrorDialog />
    </RaLayout>
  );
}
