/** Labels and confirmations of the operation verbs (i18n keys under `operations.*`). */

export const verbLabel = (verb: string) => `operations.actions.${verb.replace(/-/g, '_')}`;

/** Verbs that cannot be undone (or change things for the customer) ask first. */
const CONFIRMED = new Set([
  'cancel', 'mark-as-lost', 'mark-as-returned', 'expire', 'deconsolidate', 'private-delivery', 'force-sync', 'runhook', 'notify',
  'finalize', 'go-live', 'fulfil', 'delivery-attempted', 'process', 'resend-pickup-code',
]);

export const confirmKey = (verb: string) => (CONFIRMED.has(verb) ? `operations.confirms.${verb.replace(/-/g, '_')}` : undefined);

/** Destructive verbs are shown in the error colour. */
export const isDestructive = (verb: string) => ['cancel', 'mark-as-lost', 'mark-as-returned', 'expire'].includes(verb);

/** The record's allowed actions (the dataProvider copies meta.actions to `_actions`). */
export const actionsOf = (record: Record<string, unknown> | undefined): string[] =>
  Array.isArray(record?._actions) ? (record._actions as string[]) : [];
