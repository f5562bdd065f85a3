import { startTransition, useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has come into the viewport, and from then on: what is far below the fold renders when
 * the user gets there, not at load (the dashboard's chart sections, docs/dashboard.md). Focus inside the element
 * (a Tab onto its buttons) counts too. The switch renders in a transition, in slices that leave the main
 * thread free for taps and scrolling. Without IntersectionObserver (jsdom, old browsers): true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const show = () => startTransition(() => setNear(true));
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) show();
    });
    observer.observe(element);
    element.addEventListener('focusin', show);
    return () => {
      observer.disconnect();
      element.removeEventListener('focusin', show);
    };
  }, [near, ref]);
  return near;
}
