import { describe, expect, it } from 'vitest';
import { translate } from '../../../core/i18n/index.js';
import { noticeText } from './successNotice.js';

const t = (locale: 'en' | 'es') => (key: string, options?: Record<string, unknown>) => {
  const text = translate(locale, key, options as Record<string, string | number>);
  // react-admin's translate falls back to `_` when the key is missing; core's returns the key.
  return text === key && options?._ !== undefined ? String(options._) : text;
};

describe('success notices', () => {
  it('name the record and say what happened, in English and Spanish', () => {
    expect(noticeText(t('en'), 'packages', 'check-in', 'LL1-1')).toBe('Package LL1-1 checked in.');
    expect(noticeText(t('en'), 'shipments', 'created', 'LL123')).toBe('Shipment LL123 created.');
    expect(noticeText(t('es'), 'locations', 'approve', 'Nassau Mart')).toBe('Ubicación Nassau Mart aprobada.');
  });

  it('count bulk runs with plurals', () => {
    expect(noticeText(t('en'), 'packages', 'cancel', '', 3)).toBe('3 packages cancelled.');
    expect(noticeText(t('es'), 'packages', 'cancel', '', 3)).toBe('3 paquetes cancelados.');
    expect(noticeText(t('es'), 'shipments', 'deleted', '', 2)).toBe('2 envíos eliminados.');
  });

  it('fall back to the verb label with the record name, never "done" alone', () => {
    expect(noticeText(t('en'), 'locations', 'create-terminal', 'Freeport Mart')).toBe(`Freeport Mart: ${translate('en', 'operations.actions.create_terminal')} done.`);
  });
});
