import { describe, expect, it } from 'vitest';
import { translate } from '../../../core/i18n/index.js';
import { NOTICES } from '../../../core/i18n/notices.js';
import { deletedNotice, noticeText } from './successNotice.js';

const t = (locale: 'en' | 'es') => (key: string, options?: Record<string, unknown>) => translate(locale, key, options as Record<string, string | number>);
const say = (locale: 'en' | 'es', resource: string, action: string, name: string, count = 1) => noticeText(locale, t(locale), resource, action, name, count);

describe('success notices', () => {
  it('name the record and say what happened, in English and Spanish', () => {
    expect(say('en', 'packages', 'check-in', 'LL1-1')).toBe('Package LL1-1 checked in.');
    expect(say('en', 'shipments', 'created', 'LL123')).toBe('Shipment LL123 created.');
    expect(say('es', 'locations', 'approve', 'Nassau Mart')).toBe('Ubicación Nassau Mart aprobada.');
    expect(say('es', 'batches', 'start', 'Verano')).toBe('Campaña Verano iniciada.');
    expect(say('en', 'shipments', 'deleted', 'LL123')).toBe('Shipment LL123 deleted.');
    expect(say('es', 'location_groups', 'deleted', 'Norte')).toBe('Grupo de ubicaciones Norte eliminado.');
  });

  it('count bulk runs with plurals', () => {
    expect(say('en', 'packages', 'cancel', '', 3)).toBe('3 packages cancelled.');
    expect(say('es', 'packages', 'cancel', '', 3)).toBe('3 paquetes cancelados.');
    expect(translate('es', deletedNotice('shipments'), { smart_count: 2 })).toBe('2 envíos eliminados.');
    expect(translate('en', deletedNotice('packages'), { smart_count: 1 })).toBe('Package deleted.');
  });

  it('fall back to the verb label with the record name, never "done" alone', () => {
    expect(say('en', 'locations', 'create-terminal', 'Freeport Mart')).toBe(`Freeport Mart: ${translate('en', 'operations.actions.create_terminal')} done.`);
  });

  it('have every English phrase in Spanish, with the same plural forms and parameters', () => {
    const leaves = (node: object, path = ''): [string, string][] =>
      Object.entries(node).flatMap(([k, v]) => (typeof v === 'string' ? [[`${path}${k}`, v] as [string, string]] : leaves(v as object, `${path}${k}.`)));
    const es = Object.fromEntries(leaves(NOTICES.es));
    for (const [key, phrase] of leaves(NOTICES.en)) {
      expect(es[key], key).toBeTruthy();
      expect(es[key]!.includes('||||'), key).toBe(phrase.includes('||||'));
      expect(es[key]!.match(/%\{\w+\}/g)?.sort(), key).toEqual(phrase.match(/%\{\w+\}/g)?.sort());
    }
  });
});
