import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import {
  EXPORT_FORMATS,
  LOCATION_CLASSES,
  LOCATION_TYPES,
  LOCKER_SERVICES,
  NOTIFICATION_EVENTS,
  PACKAGE_SIZES,
  PAYMENT_TYPES,
  SHIPMENT_TYPES,
  TRANSPORT_MODES,
} from '../constants.js';
import { ERROR_STATUS } from '../errors.js';
import { CHANNELS, FEATURES } from '../features.js';
import { EVENT_KINDS } from '../machines/actions.js';
import { MENU, RESOURCE_NAMES } from '../permissions.js';
import { ROLES } from '../roles.js';
import { STATUS_TABLES, type StatusTable } from '../statuses.js';
import { durationText, flattenKeys, hasKey, lookup, makeTranslator, messages, pickLocale, translate, translateFieldProblems } from './index.js';
import { raEs } from './ra-es.js';
import { en as uiEn } from './en.js';
import { es as uiEs } from './es.js';
import { sentenceCaseName } from './sentence-case.js';

const enKeys = flattenKeys(messages.en);
const esKeys = flattenKeys(messages.es);
const params = (phrase: string) => [...new Set(phrase.match(/%\{\w+\}/g) ?? [])].sort();
const bothHave = (key: string) => {
  expect(hasKey('en', key), `en: ${key}`).toBe(true);
  expect(hasKey('es', key), `es: ${key}`).toBe(true);
};

describe('catalogue completeness', () => {
  it('has every en key in es and every es key in en', () => {
    expect(esKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
    expect(enKeys.filter((k) => !esKeys.includes(k))).toEqual([]);
  });

  it('translates every react-admin key (ra-language-english) in our es', () => {
    const raKeys = flattenKeys(englishMessages);
    expect(raKeys.length).toBeGreaterThan(150);
    expect(raKeys.filter((k) => lookup(raEs, k) === undefined)).toEqual([]);
  });

  it('uses the same interpolation params and plural forms in en and es', () => {
    const mismatches = enKeys.filter((key) => {
      const [en, es] = [lookup(messages.en, key)!, lookup(messages.es, key)!];
      return params(en).join() !== params(es).join() || en.includes('||||') !== es.includes('||||');
    });
    expect(mismatches).toEqual([]);
  });

  it('has no empty phrase (except react-admin null boolean) and no untranslated app phrase left in English', () => {
    expect(esKeys.filter((k) => !lookup(messages.es, k)!.trim() && k !== 'ra.boolean.null')).toEqual([]);
    // Phrases identical in both languages must be names or codes, not sentences.
    const same = enKeys.filter((k) => !k.startsWith('ra.') && lookup(messages.en, k) === lookup(messages.es, k));
    // Placeholders and punctuation are not words: a pure format string ('#%{id}: %{code}') is language-neutral.
    const words = (phrase: string) => phrase.replace(/%\{\w+\}/g, ' ').split(/\s+/).filter((w) => /\p{L}/u.test(w));
    for (const key of same) expect(words(lookup(messages.en, key)!).length, key).toBeLessThanOrEqual(3);
  });

  it('calls a locker "taquilla" in every Spanish phrase (the screens, the customer page and the messages agree)', () => {
    expect(esKeys.filter((k) => /casiller/i.test(lookup(messages.es, k)!))).toEqual([]);
  });

  it('has every key the admin, the API and the CLI ask for by name (translate/t with a literal key)', () => {
    const files: string[] = [];
    const walk = (dir: URL) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(new URL(`${entry.name}/`, dir));
        else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) files.push(fileURLToPath(new URL(entry.name, dir)));
      }
    };
    for (const dir of ['../../admin/src/', '../../api/', '../../cli/']) walk(new URL(dir, import.meta.url));
    const asked = new Map<string, string>();
    for (const file of files) {
      for (const [, key] of readFileSync(file, 'utf8').matchAll(/\b(?:translate|t)\(\s*['"]([a-z_]+(?:\.[a-zA-Z0-9_]+)+)['"]/g)) asked.set(key!, file);
    }
    // Keys of the catalogue's namespaces only: a screen's own helper may prefix shorter keys (t('flow.day')).
    const namespaces = new Set(Object.keys(messages.en));
    const keys = [...asked].filter(([key]) => namespaces.has(key.split('.')[0]!));
    expect(keys.length).toBeGreaterThan(300);
    expect(keys.filter(([key]) => !hasKey('en', key) || !hasKey('es', key))).toEqual([]);
    // The admin has only the screens' catalogues (en.ts, es.ts), not the API's and CLI's texts (server-texts.ts).
    const admin = keys.filter(([, file]) => file.includes('/admin/src/'));
    expect(admin.length).toBeGreaterThan(100);
    expect(admin.filter(([key]) => lookup(uiEn, key) === undefined || lookup(uiEs, key) === undefined)).toEqual([]);
  });

  it('has a message for every error code', () => {
    for (const code of Object.keys(ERROR_STATUS)) bothHave(`errors.${code}`);
  });

  it('has every validation key core/validation.ts uses', () => {
    const source = readFileSync(new URL('../validation.ts', import.meta.url), 'utf8');
    const used = [...new Set(source.match(/'validation\.[a-z_.]+'/g)!.map((k) => k.slice(1, -1)))];
    expect(used.length).toBeGreaterThan(15);
    for (const key of used) bothHave(key);
    bothHave('validation.form_incomplete');
  });

  it('labels every status, role, feature, channel and list value', () => {
    for (const table of Object.keys(STATUS_TABLES) as StatusTable[])
      for (const code of Object.values(STATUS_TABLES[table])) bothHave(`statuses.${table}.${code}`);
    for (const role of Object.keys(ROLES)) bothHave(`roles.${role}`);
    for (const feature of Object.keys(FEATURES)) bothHave(`features.${feature}`);
    for (const channel of Object.keys(CHANNELS)) bothHave(`channels.${channel}`);
    const lists: [string, readonly string[]][] = [
      ['sizes', PACKAGE_SIZES],
      ['location_types', LOCATION_TYPES],
      ['location_classes', LOCATION_CLASSES],
      ['locker_services', LOCKER_SERVICES],
      ['modes', TRANSPORT_MODES],
      ['shipment_types', SHIPMENT_TYPES],
      ['payment_types', PAYMENT_TYPES],
      ['notification_events', NOTIFICATION_EVENTS],
      ['event_kinds', EVENT_KINDS],
      ['export_formats', EXPORT_FORMATS],
      ['scopes', ['dropoff', 'pickup', 'all']],
    ];
    for (const [ns, values] of lists) for (const v of values) bothHave(`${ns}.${v}`);
    for (const entry of MENU) bothHave(`menu.${entry.key}`);
    expect(translate('en', 'roles.merchant_user')).toBe('User');
  });

  it('labels every column of every resource table (api/db/tables.ts)', () => {
    const source = readFileSync(new URL('../../api/db/tables.ts', import.meta.url), 'utf8');
    const tableOf: Record<string, string> = {
      shipments: 'ShipmentsTable',
      packages: 'PackagesTable',
      batches: 'BatchesTable',
      batch_items: 'BatchItemsTable',
      manifests: 'ManifestsTable',
      locations: 'LocationsTable',
      location_groups: 'LocationGroupsTable',
      merchants: 'MerchantsTable',
      users: 'UsersTable',
    };
    for (const resource of RESOURCE_NAMES) {
      const body = source.match(new RegExp(`interface ${tableOf[resource]} [^{]*\\{([^}]*)\\}`))![1];
      const columns = ['id', 'created_at', 'updated_at', ...[...body.matchAll(/^\s+(\w+):/gm)].map((m) => m[1])];
      expect(columns.length).toBeGreaterThan(3);
      bothHave(`resources.${resource}.name`);
      for (const column of columns) bothHave(`resources.${resource}.fields.${column}`);
    }
  });

  it('has the keys other parts of the app were promised', () => {
    const keys = [
      'app.title', 'app.languages.en', 'app.languages.es', 'app.sign_out',
      'auth.forgot_password', 'auth.banner_reset', 'auth.mail.reset_body', 'auth.mail.create_body',
      'dashboard.cards.0', 'dashboard.cards.20', 'dashboard.cards.30', 'dashboard.view_all',
      'users.fields.password', 'locations.fields.address_street', 'shipments.fields.packages',
      'packages.fields.dropoff_location_name', 'batches.fields.items', 'merchants.fields.location_groups',
      'http.forbidden', 'http.unexpected', 'http.not_found', 'http.conflict', 'http.error_title', 'http.close',
      'lists.shows', 'lists.clear_selection', 'lists.reset',
      'unsaved.title', 'unsaved.message', 'unsaved.discard', 'unsaved.continue',
      'screens.pudo.intro', 'screens.import.title', 'screens.select_location', 'screens.scan_placeholder',
      'profile.title', 'profile.request_token', 'profile.token_once', 'preferences.title',
      'shipments.actions.register', 'shipments.actions.request_pickup', 'batches.actions.start',
      'batch_items.actions.convert', 'users.actions.request_token', 'locations.actions.approve',
    ].map((k) => (/^(users|locations|shipments|packages|batches|batch_items|merchants)\./.test(k) ? `resources.${k}` : k));
    for (const key of keys) bothHave(key);
  });
});

describe('translate', () => {
  it('interpolates and keeps the SPEC wording', () => {
    expect(translate('en', 'lists.shows', { from: 1, to: 25, total: 90 })).toBe('Shows 1-25 of 90 rows');
    expect(translate('es', 'lists.shows', { from: 1, to: 25, total: 90 })).toBe('Mostrando 1-25 de 90 filas');
    expect(translate('en', 'validation.min', { length: 10 })).toBe('Must be at least 10 characters.');
    expect(translate('en', 'errors.shipment.not_updatable')).toBe('Not in an updatable status');
    expect(translate('en', 'errors.forbidden')).toBe('You do not have permission to do that.');
    expect(translate('en', 'http.forbidden', { message: 'no' })).toBe('Forbidden: no.');
    expect(translate('en', 'errors.server_error')).toBe('An unexpected server error occurred.');
  });

  it('chooses plural forms with smart_count', () => {
    expect(translate('en', 'resources.shipments.name', { smart_count: 1 })).toBe('Shipment');
    expect(translate('en', 'resources.shipments.name', { smart_count: 2 })).toBe('Shipments');
    expect(translate('es', 'resources.shipments.name', { smart_count: 0 })).toBe('Envíos');
    expect(translate('es', 'ra.action.bulk_actions', { smart_count: 3 })).toBe('3 elementos seleccionados');
  });

  it('falls back to English, then to the key', () => {
    const original = (messages.es as Record<string, any>).app.title;
    delete (messages.es as Record<string, any>).app.title;
    try {
      expect(translate('es', 'app.title')).toBe('Lockerline');
    } finally {
      (messages.es as Record<string, any>).app.title = original;
    }
    expect(translate('es', 'no.such.key')).toBe('no.such.key');
    expect(translate('en', 'errors.shipment')).toBe('errors.shipment');
    expect(makeTranslator('es')('app.sign_out')).toBe('Cerrar sesión');
  });

  it('labels required_without targets with the field name', () => {
    const t = makeTranslator('es');
    const problems = { email: { key: 'validation.required_without', params: { target: 'phone' } } };
    expect(translateFieldProblems(problems, t, 'batch_items')).toEqual({ email: "Este campo es obligatorio si 'Teléfono' está vacío." });
    expect(translateFieldProblems(problems, makeTranslator('en'))).toEqual({ email: "This field is required if 'phone' is empty." });
  });
});

describe('pickLocale', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['es', 'es'],
    ['es-MX', 'es'],
    ['es_ES', 'es'],
    ['fr-FR,fr;q=0.9,es;q=0.8,en;q=0.7', 'es'],
    ['en-US,en;q=0.9,es;q=0.8', 'en'],
    ['es;q=0.2,en;q=0.5', 'en'],
    ['es;q=0,en', 'en'],
    ['de', 'en'],
    ['*', 'en'],
  ])('%s -> %s', (header, locale) => {
    expect(pickLocale(header)).toBe(locale);
  });
});

describe('English resource names inside react-admin sentences', () => {
  const en = (key: string, name: string) => translate('en', key, sentenceCaseName('en', key, { name }));

  it('writes "No customers found" (not "No Customers found") and keeps title case in titles and acronyms', () => {
    const customers = translate('en', 'resources.batch_items.name', { smart_count: 2 });
    expect(en('ra.navigation.no_results', customers)).toBe('No customers found');
    expect(en('ra.navigation.no_filtered_results', customers)).toBe('No customers found using the current filters.');
    expect(en('ra.page.empty', customers)).toBe('No customers yet.');
    expect(en('ra.message.delete_content', 'Location group')).toBe('Are you sure you want to delete this location group?');
    expect(en('ra.page.create', 'Location')).toBe('Create Location');
    expect(en('ra.navigation.no_results', 'PUDO points')).toBe('No PUDO points found');
  });
});

describe('Spanish sentence case for resource names in react-admin phrases', () => {
  const es = (key: string, name: string) => translate('es', key, sentenceCaseName('es', key, { name }));

  it('writes "Crear ubicación" (not "Crear Ubicación") and keeps titles that start with the name capitalised', () => {
    const location = translate('es', 'resources.locations.name', { smart_count: 1 });
    expect(location).toBe('Ubicación');
    expect(es('ra.page.create', location)).toBe('Crear ubicación');
    expect(es('ra.page.empty', translate('es', 'resources.shipments.name', { smart_count: 2 }))).toBe('Todavía no hay envíos.');
    expect(es('ra.page.edit', location)).toBe('Ubicación');
    expect(translate('en', 'ra.page.create', sentenceCaseName('en', 'ra.page.create', { name: 'Location' }))).toBe('Create Location');
  });

  it('covers every react-admin phrase with the name inside a sentence, but not a saved query name', () => {
    const inSentence = flattenKeys(raEs).filter((key) => {
      const phrase = lookup(raEs, key)!;
      return phrase.includes('%{name}') && !phrase.startsWith('%{name}') && !key.startsWith('ra.saved_queries.');
    });
    expect(inSentence.length).toBeGreaterThan(5);
    for (const key of inSentence) expect(sentenceCaseName('es', key, { name: 'Envío' }).name, key).toBe('envío');
    expect(sentenceCaseName('es', 'ra.saved_queries.remove_label_with_name', { name: 'Mis Envíos' }).name).toBe('Mis Envíos');
  });
});

describe('durationText', () => {
  it('says whole days in days and the rest in hours, singular and plural, in both languages', () => {
    const en = makeTranslator('en');
    const es = makeTranslator('es');
    expect(durationText(en, 168)).toBe('7 days');
    expect(durationText(es, 168)).toBe('7 días');
    expect(durationText(en, 24)).toBe('1 day');
    expect(durationText(es, 24)).toBe('1 día');
    expect(durationText(en, 2)).toBe('2 hours');
    expect(durationText(es, 1)).toBe('1 hora');
    expect(durationText(en, 36)).toBe('36 hours');
  });
});
