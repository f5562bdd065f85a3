/**
 * Where the keyboard focus goes after an action on an operations screen (a card's button, a dialog's answer).
 * The pressed button is then gone (the package moved on, the row left the list) or was disabled while the step
 * ran, and a closed dialog hands the focus back to that button (or keeps it while it fades out): the focus fell to
 * the page (document.body), where a keyboard user, or a hand scanner's next code, had lost its place. The screen
 * names its anchor (the scan field; the package list where there is none) and calls `returnFocus()` when an action
 * ends; the focus goes to the anchor once no dialog is open, unless the person has meanwhile put it somewhere else.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/** Closed dialogs stay in the page while they fade out: focus inside one is lost too. */
const CLOSED_DIALOG = '.MuiDialog-root';

/** The focus is nowhere useful: the page, a removed or disabled element, or inside `zones` (a card, a closed dialog). */
export function focusLost(zones: string): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || !active.isConnected) return true;
  if (active instanceof HTMLElement && active.matches(':disabled')) return true;
  return Boolean(active.closest(`${zones}, ${CLOSED_DIALOG}`));
}

/**
 * `held`: a dialog of the screen is open (the focus is its business until it closes). `zones`: a CSS selector of
 * the places the action's button lives in (the package card), where a focus left behind counts as lost.
 * Returns the anchor's ref and `returnFocus`, to call once an action has ended (success or refusal).
 */
export function useFocusReturn<T extends HTMLElement = HTMLInputElement>(held: boolean, zones: string) {
  const anchor = useRef<T>(null);
  const [pending, setPending] = useState(false);
  // Runs after the closed dialog's own focus restore (its cleanup, in the same commit), so it has the last word.
  // A dialog cancelled without an action leaves the focus where its restore puts it (the button that opened it).
  useEffect(() => {
    if (!pending || held) return;
    setPending(false);
    if (focusLost(zones)) anchor.current?.focus();
  }, [pending, held, zones]);
  const returnFocus = useCallback(() => setPending(true), []);
  return { anchor, returnFocus };
}
