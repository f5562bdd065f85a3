import { useState } from 'react';

/**
 * The dashboard's filters as chosen in this tab (sessionStorage): react-admin remounts the page when the language
 * changes, and a reload starts it again; either used to put back the default dates. Until the user chooses, nothing
 * is stored and the defaults follow today. A stored value of another shape (an older build) is ignored.
 */
export function useChosenFilters<T extends { [K in keyof T]: string }>(key: string, defaults: () => T): [T, (update: (value: T) => T) => void] {
  const [value, setValue] = useState<T>(() => {
    const initial = defaults();
    const stored = read(key);
    const fits = stored !== null && Object.keys(initial).every((k) => typeof stored[k] === 'string');
    return fits ? ({ ...initial, ...pick(stored, Object.keys(initial)) } as T) : initial;
  });
  const choose = (update: (value: T) => T) =>
    setValue((current) => {
      const next = update(current);
      write(key, next);
      return next;
    });
  return [value, choose];
}

const pick = (value: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, value[k]]));

function read(key: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(key) ?? 'null');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null; // storage disabled or a broken entry: the defaults
  }
}

function write(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage disabled or full: the choice lasts as long as the page
  }
}
