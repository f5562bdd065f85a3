/**
 * Stands in for `react-hotkeys-hook` (aliased in admin/vite.config.ts; ~4 kB gzip on every signed-in first
 * screen, issue 11). react-admin's menu item (MenuItemLink) calls `useHotkeys` for its `keyboardShortcut`
 * prop, which no Lockerline menu entry sets (admin/src/layout/Menu.tsx). Should one ever set it, this says
 * so in the console instead of failing silently: drop the alias to get real shortcuts.
 */
import { useRef } from 'react';

export function useHotkeys<T extends HTMLElement>(keys: string | readonly string[], _callback?: unknown, options?: { enabled?: boolean }) {
  const wanted = options?.enabled !== false && (typeof keys === 'string' ? keys !== '' : keys.length > 0);
  if (wanted) console.warn(`keyboard shortcut ${String(keys)} ignored: react-hotkeys-hook is a stand-in (admin/src/shims)`);
  return useRef<T>(null);
}

export const isHotkeyPressed = () => false;
