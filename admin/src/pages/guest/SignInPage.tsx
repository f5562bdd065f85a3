import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { HttpError } from 'react-admin';
import { login } from '../../providers/authProvider.js';
import { api } from '../../providers/http.js';
import { getLocale, isLocale, onLocaleChange } from '../../providers/locale.js';
import { saveLocale } from '../../providers/i18nProvider.js';
import { GuestAlert, GuestField, GuestLayout } from '../../guest/ui.js';
import { setGuestLocale, useGuestI18n } from '../../guest/i18n.js';
import { enterApp, prefetchApp, useGuestNav } from '../../guest/nav.js';
import { checkGuestForm } from '../../guest/checks.js';

type Mode = 'signin' | 'forgot';
type Field = 'email' | 'password';

/** The sign-in error message for an API error (SPEC section 8, sign-in). */
export function signInErrorKey(error: unknown): string {
  const status = (error as HttpError)?.status;
  if (status === 422) return 'auth.credentials_incorrect';
  if (status === 429) return 'auth.throttled';
  return 'auth.something_wrong';
}

/**
 * /signin: email + password, or the forgot-password mode (email only). The form checks itself with the
 * core schemas (core/schemas/auth.schema.ts) in the interface's language, not with the browser's bubbles;
 * a refused sign-in moves the focus to its message (the disabled button would otherwise drop it). A guest
 * page (admin/src/guest): plain elements, no react-admin, so that it loads fast on a phone (issue 11).
 */
export function SignInPage() {
  const { translate } = useGuestI18n();
  const { params } = useGuestNav();
  // `?forgot=1&email=…`: a password page whose link was used or expired sends the user here for a new one.
  const [mode, setMode] = useState<Mode>(params.get('forgot') ? 'forgot' : 'signin');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const errorRef = useRef<HTMLDivElement>(null);
  // A language tapped on this page is the user's choice: it outranks the one saved on the account. The language the
  // page opened in (this device's, remembered) does not.
  const choseHere = useRef(false);
  useEffect(() => onLocaleChange(() => void (choseHere.current = true)), []);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const register = (field: Field) => (el: HTMLInputElement | null) => {
    inputs.current[field] = el;
  };

  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  const banner = params.get('reset') ? 'auth.banner_reset' : params.get('created') ? 'auth.banner_created' : null;

  const switchMode = (next: Mode) => {
    setMode(next);
    setError(null);
    setInfo(null);
    setFieldErrors({});
  };

  const signIn = async () => {
    prefetchApp();
    const user = await login({ email, password });
    // From now on the interface speaks the user's language, unless they picked one on this page (before Sign in, or
    // while it was on its way): that choice wins, and the account learns it (the switch's own save went out before
    // the session existed).
    if (choseHere.current) saveLocale(getLocale());
    else if (isLocale(user.locale)) await setGuestLocale(user.locale).catch(() => undefined);
    await enterApp(user);
  };

  const requestReset = async () => {
    await api('forgot-password', { method: 'POST', body: { email }, suppress: [400, 422, 429] });
    setInfo(translate('auth.forgot_sent'));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = await checkGuestForm(mode === 'signin' ? 'login' : 'forgot', { email, password });
    const fields = Object.keys(problems) as Field[];
    setFieldErrors(Object.fromEntries(fields.map((field) => [field, translate(problems[field].key, problems[field].params)])));
    if (fields.length > 0) {
      inputs.current[fields[0]]?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    setInfo(null);
    try {
      await (mode === 'signin' ? signIn() : requestReset());
    } catch (e) {
      const fieldError = (e as HttpError)?.body?.errors?.email;
      setError(mode === 'forgot' && fieldError ? fieldError : translate(signInErrorKey(e)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <GuestLayout title={translate(mode === 'signin' ? 'auth.signin_title' : 'auth.forgot_title')}>
      <form className="ll-stack" onSubmit={onSubmit} noValidate>
        {banner && mode === 'signin' && <GuestAlert severity="success">{translate(banner)}</GuestAlert>}
        {mode === 'forgot' && <GuestAlert severity="info">{translate('auth.forgot_intro')}</GuestAlert>}
        {error && (
          <GuestAlert severity="error" ref={errorRef} focusable>
            {error}
          </GuestAlert>
        )}
        {info && <GuestAlert severity="success">{info}</GuestAlert>}
        <GuestField
          label={translate('auth.email')}
          type="email"
          name="email"
          autoComplete="username"
          required
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          ref={register('email')}
          error={fieldErrors.email}
        />
        {mode === 'signin' && (
          <GuestField
            label={translate('auth.password')}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            ref={register('password')}
            error={fieldErrors.password}
          />
        )}
        <button className="ll-button" type="submit" disabled={busy}>
          {translate(mode === 'signin' ? 'auth.sign_in' : 'auth.reset')}
        </button>
        <button className="ll-link" type="button" onClick={() => switchMode(mode === 'signin' ? 'forgot' : 'signin')}>
          {translate(mode === 'signin' ? 'auth.forgot_password' : 'auth.cancel')}
        </button>
      </form>
    </GuestLayout>
  );
}
