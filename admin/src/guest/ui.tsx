/**
 * The guest pages' building blocks, plain elements styled by guest/styles.ts: the card layout with the
 * language switch, a labelled field with its error, an alert, the buttons. Accessible like the MUI parts they
 * replace: labels tied to inputs, `aria-invalid` and the error text as the field's description, alerts as
 * live regions, the language buttons as toggle buttons whose names start with their visible text.
 */
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { LOCALES } from '../../../core/constants.js';
import { setGuestLocale, useGuestI18n } from './i18n.js';
import { addGuestStyles } from './styles.js';

/** A centred card: the app name, the EN/ES switch, the page title (the h1) and the page. */
export function GuestLayout({ title, children }: { title: string; children: ReactNode }) {
  const { translate } = useGuestI18n();
  addGuestStyles();
  return (
    <main className="ll-guest">
      <div className="ll-card">
        <div className="ll-head">
          <p className="ll-app">{translate('app.title')}</p>
          <LanguageButtons />
        </div>
        <h1 className="ll-title">{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** en / es: each button's accessible name starts with its visible text ("ES Español", WCAG 2.5.3). */
function LanguageButtons() {
  const { translate, locale } = useGuestI18n();
  return (
    <div className="ll-langs" role="group" aria-label={translate('app.language')}>
      {LOCALES.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          aria-pressed={locale === code}
          aria-label={`${code.toUpperCase()} ${translate(`app.languages.${code}`)}`}
          onClick={() => void setGuestLocale(code)}
        >
          {code.toUpperCase()}
        </button>
      ))}
    </div>
  );
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
}

/** A text input with its label above and its error below (announced as the input's description). */
export const GuestField = forwardRef<HTMLInputElement, FieldProps>(function GuestField({ label, error, required, ...input }, ref) {
  const id = useId();
  const helpId = `${id}-help`;
  return (
    <div className="ll-field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        {...input}
        id={id}
        ref={ref}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? helpId : undefined}
      />
      {error && (
        <p className="ll-help" id={helpId}>
          {error}
        </p>
      )}
    </div>
  );
});

type Severity = 'error' | 'success' | 'info';

/** A message box; `error` ones are alerts (read out at once), the others polite status messages. */
export const GuestAlert = forwardRef<HTMLDivElement, { severity: Severity; children: ReactNode; focusable?: boolean }>(function GuestAlert(
  { severity, children, focusable },
  ref,
) {
  return (
    <div
      ref={ref}
      className={`ll-alert ll-alert-${severity}`}
      role={severity === 'error' ? 'alert' : 'status'}
      tabIndex={focusable ? -1 : undefined}
    >
      {children}
    </div>
  );
});
