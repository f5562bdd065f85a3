/**
 * Success notices that say what happened to which record ("Shipment LL12345 registered", "3 packages
 * cancelled"), never react-admin's "Element created" or "Approve: done.". One place for the wording rule:
 * core/i18n/notices.ts per resource and action (created, updated or a verb), `%{name}` the record as its
 * resource represents it, plural forms for bulk runs; `fallback` (the verb's label) when a verb has no phrase.
 * Deletes: a record's delete button names it (`useDeletedNotice`); bulk deletes show `notices.deleted.<resource>`
 * from the catalogues (`deletedNotice`).
 */
import {
  useGetRecordRepresentation, useLocaleState, useNotify, useRedirect, useResourceContext, useTranslate,
  type RaRecord, type RedirectionSideEffect, type TranslateFunction,
} from 'react-admin';
import { LOCALES, type Locale } from '../../../core/constants.js';
import { format } from '../../../core/i18n/format.js';
import { NOTICES, noticePhrase } from '../../../core/i18n/notices.js';
import { verbLabel } from '../screens/operations/verbs.js';

/** The catalogue key of a bulk delete button's notice ("3 shipments deleted."). */
export const deletedNotice = (resource: string | undefined) => `notices.deleted.${resource ?? ''}`;

/**
 * A delete button's notice naming the record ("Shipment LL12345 deleted."): react-admin shows it as the
 * message (a text, not a key: the i18nProvider passes texts through); without a record, the catalogue key.
 */
export function useDeletedNotice(resource: string | undefined, record: RaRecord | undefined): string {
  const text = useNoticeText(resource ?? '');
  const represent = useGetRecordRepresentation(resource ?? '');
  if (!resource || !record) return deletedNotice(resource);
  return text('deleted', String(represent(record) ?? `#${record.id}`));
}

/** The notice for `action` on one named record, or on `count` records (then the plural form, no name). */
export function noticeText(locale: string, translate: TranslateFunction, resource: string, action: string, name: string, count = 1): string {
  const lang: Locale = LOCALES.includes(locale as Locale) ? (locale as Locale) : 'en';
  const phrase = noticePhrase(lang, resource, action) ?? NOTICES[lang].fallback;
  return format(lang, phrase, { smart_count: count, name, action: translate(verbLabel(action), { _: action }) });
}

/** The notice text in the interface language: `(action, name, count?) => text`. */
export function useNoticeText(resource: string) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (action: string, name: string, count = 1) => noticeText(locale, translate, resource, action, name, count);
}

/** `notifyDone(action, record)` shows the success notice naming the record; `notifyDone(action, undefined, 3)` a bulk one. */
export function useNotifyDone(resource: string) {
  const text = useNoticeText(resource);
  const notify = useNotify();
  const represent = useGetRecordRepresentation(resource);
  return (action: string, record?: RaRecord, count = 1) => {
    const name = record ? String(represent(record) ?? `#${record.id}`) : '';
    notify(text(action, name, count), { type: 'success' });
  };
}

/**
 * `mutationOptions` of a create or edit page: errors stay in the error dialog (CrudScreens `errorsInDialog`),
 * success says "Shipment LL12345 created" and goes where `to` says (react-admin's own success handler,
 * which this replaces, would say "Element created").
 */
export function useSaveOptions(action: 'created' | 'updated', to: RedirectionSideEffect = 'show', resourceName?: string) {
  const resource = useResourceContext({ resource: resourceName }) ?? '';
  const notifyDone = useNotifyDone(resource);
  const redirect = useRedirect();
  return {
    onError: () => undefined,
    onSuccess: (data: RaRecord) => {
      notifyDone(action, data);
      redirect(to, resource, data.id, data);
    },
  };
}
