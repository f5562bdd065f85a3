import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `count` parts to render: none at first, then one more after each commit, each in a transition.
 * The parts come one per short task instead of all in one long commit (React renders a transition in slices,
 * but commits it whole): the main thread stays free for taps meanwhile (Lighthouse's total blocking time).
 */
export function useStaggered(count: number): number {
  const [mounted, setMounted] = useState(0);
  useEffect(() => {
    if (mounted < count) startTransition(() => setMounted((n) => Math.min(count, n + 1)));
  }, [mounted, count]);
  return mounted;
}
