/**
 * Spanish register (docs/i18n.md): everything the customer reads says "tú". The customer's texts are the
 * messages (notifications.*), the respond and track pages (public.*, errors.public.*), and the locker kiosk
 * (locker-access kiosk.*, with the refusals it shows, errors.locker.*). None may slip into "usted".
 */
import { describe, expect, it } from 'vitest';
import { es, flattenKeys, lookup, translate } from './index.js';
import { lockerAccessMessages } from './locker-access.js';

const phrases = (tree: object, prefix: string) => flattenKeys(tree).map((key) => [`${prefix}.${key}`, lookup(tree, key)!] as const);

const customerTexts = [
  ...phrases(es.notifications, 'notifications'),
  ...phrases(es.public, 'public'),
  ...phrases(es.errors.public, 'errors.public'),
  ...phrases(es.errors.locker, 'errors.locker'),
  ...phrases(lockerAccessMessages.es.kiosk, 'kiosk'),
];

/** A whole word (or words), case-insensitive, with Spanish letters as word characters. */
const word = (w: string) => new RegExp(`(?<!\\p{L})(?:${w})(?!\\p{L})`, 'iu');

const formal: [string, RegExp][] = [
  ['usted', word('ustedes|usted')],
  // "su"/"sus" reads as "your" (usted) to a customer: customer texts say "tu" or name the owner instead.
  ['su (possessive)', word('sus|su')],
  // the usted imperatives and verb forms these texts used before (tú: recoge, escríbelo, saca, inténtalo, ...)
  ...[
    'recoja', 'recójalo', 'escriba', 'escríbalo', 'escanee', 'retire', 'cierre', 'inténtelo', 'compruebe', 'pida',
    'espere', 'contacte', 'coloque', 'lleve', 'introduzca', 'díganos', 'hizo', 'le dio', 'ha respondido', 'ha copiado',
    'no puede depositar',
  ].map((w): [string, RegExp] => [w, word(w)]),
];

describe('Spanish register of the customer texts', () => {
  it('covers the messages, the customer pages and the kiosk', () => {
    expect(customerTexts.length).toBeGreaterThan(100);
    const keys = customerTexts.map(([key]) => key);
    for (const key of ['notifications.pickup_code', 'public.respond.intro', 'public.track.title', 'errors.public.token_used', 'errors.locker.code_expired', 'kiosk.customer.title'])
      expect(keys).toContain(key);
  });

  it('addresses the customer with tú only', () => {
    const offending = customerTexts.flatMap(([key, phrase]) => formal.filter(([, re]) => re.test(phrase)).map(([name]) => `${key}: ${name}: ${phrase}`));
    expect(offending).toEqual([]);
  });

  it('keeps the pickup-code line in the same register as the message around it', () => {
    expect(translate('es', 'notifications.pickup_code', { code: '123456' })).toBe('Tu código de recogida: 123456. Escríbelo en la taquilla.');
    expect(translate('es', 'notifications.events.package-available.body', { reference: 'LL1', location: 'Centro', expires: '1 dic' })).toMatch(/^Tu paquete LL1 .* Recógelo /);
  });

  it('addresses staff with tú as well: no usted imperatives anywhere in the Spanish catalogues (locker tools included)', () => {
    const everything = [...phrases(es, 'es'), ...phrases(lockerAccessMessages.es, 'locker-access')];
    const usted = word('usted|ustedes|cópiela|introdúzcala|entrégueselo|inténtelo|escríbalo|recójalo|compruébelo');
    expect(everything.filter(([, phrase]) => usted.test(phrase))).toEqual([]);
  });

  it('does not flag words that only contain the patterns', () => {
    expect(formal.some(([, re]) => re.test('Sucursal suscripción resumen Usuarios ocultar'))).toBe(false);
    expect(word('su').test('Su código')).toBe(true);
    expect(word('recoja').test('Recoja su paquete')).toBe(true);
  });
});
