import { Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Loading } from 'react-admin';
import { guardRedirect } from './guard.js';
import { useCurrentUser } from './useCurrentUser.js';

/** Applies the navigation guard to the current location; renders children only when allowed. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const user = useCurrentUser();
  if (user === undefined) return <Loading />;
  const redirect = guardRedirect(location.pathname, user);
  if (redirect !== null && redirect !== location.pathname) return <Navigate to={redirect} replace />;
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}
