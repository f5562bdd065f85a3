/**
 * The Spanish catalogue (ra.* keys included): one chunk, loaded by the i18nProvider only when the
 * interface is Spanish, so English first loads do not carry it.
 */
export { es } from '../../../core/i18n/es.js';
