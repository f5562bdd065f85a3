import { useState, type FormEvent, type MouseEvent } from 'react';
import type { HttpError } from 'react-admin';
import { api } from '../../providers/http.js';
import { GuestAlert, GuestField, GuestLayout } from '../../guest/ui.js';
import { useGuestI18n } from '../../guest/i18n.js';
import { useGuestNav } from '../../guest/nav.js';
import { checkGuestForm } from '../../guest/checks.js';

type Kind = 'reset' | 'create';
type Field = 'password' | 'password_confirmation';

const CONFIG: Record<Kind, { endpoint: string; title: string; done: string }> = {
  reset: { endpoint: 'reset-password', title: 'auth.reset_title', done: '/signin?reset=1' },
  create: { endpoint: 'create-password', title: 'auth.create_title', done: '/signin?created=1' },
};

/**
 * /reset-password and /create-password: token and email come from the link in the e-mail. The new password
 * is checked with the core schema (core/schemas/common.ts `password`) in the interface's language.
 */
export function PasswordPage({ kind }: { kind: Kind }) {
  const { translate } = useGuestI18n();
  const { params, navigate } = useGuestNav();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const config = CONFIG[kind];
  const [values, setValues] = useState<Record<Field, string>>({ password: '', password_confirmation: '' });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(token && email ? null : translate('auth.token_invalid'));
  // A used or expired link: the way to a new one is the sign-in page's forgot-password mode, the address filled in.
  const [linkDead, setLinkDead] = useState(!token || !email);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = await checkGuestForm('password', values);
    setFieldErrors(Object.fromEntries(Object.entries(problems).map(([f, m]) => [f, translate(m.key, m.params)])));
    if (Object.keys(problems).length) return;
    setBusy(true);
    setError(null);
    try {
      await api(config.endpoint, { method: 'POST', body: { token, email, ...values }, suppress: [400, 404, 422, 429] });
      navigate(config.done, { replace: true });
    } catch (e) {
      const body = (e as HttpError)?.body ?? {};
      if (body.errors && (body.errors.password || body.errors.password_confirmation)) setFieldErrors(body.errors);
      const dead = body.code === 'auth.token_invalid';
      setLinkDead(dead);
      setError(dead ? translate('auth.token_invalid') : body.message || translate('auth.something_wrong'));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field) => (
    <GuestField
      label={translate(`auth.${name}`)}
      type="password"
      name={name}
      autoComplete="new-password"
      required
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      error={fieldErrors[name]}
    />
  );

  const newLinkPath = `/signin?${new URLSearchParams({ forgot: '1', ...(email ? { email } : {}) })}`;
  const goTo = (to: string) => (event: MouseEvent) => {
    event.preventDefault();
    navigate(to);
  };

  return (
    <GuestLayout title={translate(config.title)}>
      {/* Checked in the interface's language, not with the browser's bubbles. */}
      <form className="ll-stack" onSubmit={onSubmit} noValidate>
        {error && <GuestAlert severity="error">{error}</GuestAlert>}
        <GuestField label={translate('auth.email')} value={email} disabled readOnly autoComplete="username" />
        {field('password')}
        {field('password_confirmation')}
        <button className="ll-button" type="submit" disabled={busy || !token || !email}>
          {translate('auth.set_password')}
        </button>
        {linkDead && (
          <a className="ll-link" href={newLinkPath} onClick={goTo(newLinkPath)} data-testid="request-new-link">
            {translate('auth.request_new_link')}
          </a>
        )}
        <a className="ll-link" href="/signin" onClick={goTo('/signin')}>
          {translate('auth.back_to_signin')}
        </a>
      </form>
    </GuestLayout>
  );
}

export const ResetPasswordPage = () => <PasswordPage kind="reset" />;
export const CreatePasswordPage = () => <PasswordPage kind="create" />;
