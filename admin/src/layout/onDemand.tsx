import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { loadChunk } from '../components/lazyScreen.js';

/**
 * A component fetched on its first render (React.lazy) behind its own Suspense boundary, so it can be
 * handed to react-admin as a page or layout. Keeps rarely needed code out of the first load; a chunk gone
 * after a redeploy reloads the page once (loadChunk).
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null): ComponentType<P> {
  const Lazy = lazy(() => loadChunk(load).then((component) => ({ default: component }))) as unknown as ComponentType<P>;
  return function OnDemand(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
