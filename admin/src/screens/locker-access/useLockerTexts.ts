/** Texts of the kiosk and of support's locker tools, from their own catalogue (core/i18n/locker-access.ts), in the interface language. */
import { useCallback } from 'react';
import { useLocaleState } from 'react-admin';
import { translateIn } from '../../../../core/i18n/locker-access.js';

export function useLockerTexts(): (key: string, params?: Record<string, string | number>) => string {
  const [locale] = useLocaleState();
  return useCallback((key, params) => translateIn(locale, key, params), [locale]);
}
