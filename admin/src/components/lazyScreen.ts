import { lazy, type ComponentType } from 'react';

/**
 * A screen loaded on first use (DESIGN.md section 7: the initial bundle stays small). react-admin's
 * Layout wraps pages in <Suspense>, so lazy screens need no extra boundary.
 */
export function lazyScreen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
