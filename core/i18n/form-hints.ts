/**
 * Help lines of single forms, in both languages. Kept out of the catalogues in en.ts / es.ts (like notices.ts)
 * so that the admin's first load does not carry them: only the form that shows one imports this module.
 */
import type { Locale } from '../constants.js';

const en = {
  /** A shipment past draft keeps its packages (core shipmentRecordRefusal 'replace-packages'). */
  shipment_packages_locked: 'The packages can no longer be changed: the shipment is registered. You can still change the other fields.',
  /** One's own account stays active (core ownAccountProblem). */
  user_active_own: 'Your own account stays active: another administrator can deactivate it.',
  /** One's own role stays as it is (core ownAccountProblem). */
  user_role_own: 'You cannot change your own role: another administrator can.',
};

const es: typeof en = {
  shipment_packages_locked: 'Los paquetes ya no se pueden modificar: el envío está registrado. Puedes seguir cambiando los demás campos.',
  user_active_own: 'Tu propia cuenta sigue activa: otro administrador puede desactivarla.',
  user_role_own: 'No puedes cambiar tu propio rol: otro administrador puede hacerlo.',
};

export const FORM_HINTS: Record<Locale, typeof en> = { en, es };

/** The hint in `locale`, English for a language without one. */
export const formHint = (locale: string, key: keyof typeof en): string => (FORM_HINTS[locale as Locale] ?? en)[key];
