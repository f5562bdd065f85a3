/**
 * Success notices that say what happened to which record ("Shipment LL12345 registered", "3 packages
 * cancelled"), never react-admin's "Element created" or "Approve: done.". One place for the wording rule:
 * `notices.<resource>.<action>` in the catalogues (action: created, updated, deleted or a verb with `_` for
 * `-`), `%{name}` the record as its resource represents it, plural forms for bulk runs; `notices.fallback`
 * when a verb has no phrase of its own.
 */
import {
  useGetRecordRepresentation, useNotify, useRedirect, useResourceContext, useTranslate, type RaRecord, type RedirectionSideEffect, type TranslateFunction,
} from 'react-admin';
import { verbLabel } from '../screens/operations/verbs.js';

/** The catalogue key of an action's notice: `notices.packages.check_in`. */
export const noticeKey = (resource: string, action: string) => `notices.${resource}.${action.replace(/-/g, '_')}`;

/** The notice for `action` on one named record, or on `count` records (then the plural form, no name). */
export function noticeText(translate: TranslateFunction, resource: string, action: string, name: string, count = 1): string {
  const args = { smart_count: count, name };
  return translate(noticeKey(resource, action), {
    ...args,
    _: translate('notices.fallback', { ...args, action: translate(verbLabel(action), { _: action }) }),
  });
}

/** `notifyDone(action, record)` shows the success notice naming the record; `notifyDone(action, undefined, 3)` a bulk one. */
export function useNotifyDone(resource: string) {
  const translate = useTranslate();
  const notify = useNotify();
  const represent = useGetRecordRepresentation(resource);
  return (action: string, record?: RaRecord, count = 1) => {
    const name = record ? String(represent(record) ?? `#${record.id}`) : '';
    notify(noticeText(translate, resource, action, name, count), { type: 'success' });
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
