import { useEffect, useSyncExternalStore } from 'react';
import { loadUser, peekUser, subscribeUser, type CurrentUser } from '../providers/session.js';

/** The signed-in user: undefined while loading, null for a guest. */
export function useCurrentUser(): CurrentUser | null | undefined {
  const user = useSyncExternalStore(subscribeUser, peekUser, peekUser);
  useEffect(() => {
    if (user === undefined) loadUser().catch(() => undefined);
  }, [user]);
  return user;
}
