import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * A component fetched on its first render (React.lazy) behind its own Suspense boundary, so it can be
 * handed to react-admin as a page or layout. Keeps rarely needed code out of the first load.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null): ComponentType<P> {
  const Lazy = lazy(() => load().then((component) => ({ default: component }))) as unknown as ComponentType<P>;
  return function OnDemand(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
