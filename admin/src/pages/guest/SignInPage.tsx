import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Link as MuiLink, Stack, TextField } from '@mui/material';
import { useLocaleState, useLogin, useTranslate, type HttpError } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../providers/http.js';
import { peekUser } from '../../providers/session.js';
import { isLocale } from '../../providers/locale.js';
import { GuestLayout } from '../../layout/GuestLayout.js';
import { loadChunk } from '../../components/lazyScreen.js';

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
 * core/validation and the guest schemas, fetched with the first submit: they bring libphonenumber (~22 kB
 * gzip) that the page's first paint does not need.
 */
const loadChecks = () =>
  Promise.all([import('../../../../core/validation.js'), import('../../../../core/schemas/auth.schema.js')]).then(([v, s]) => ({
    validate: v.validate,
    auth: s.auth,
  }));

/**
 * The signed-in layout and the resources, fetched while the credentials are checked, so the home screen
 * does not wait for them one after the other. Best effort: the app loads them again if this fails.
 */
function prefetchSignedIn(): void {
  void import('../../layout/Layout.js').catch(() => undefined);
  void import('../../resources/index.js').catch(() => undefined);
}

/**
 * /signin: email + password, or the forgot-password mode (email only). The form checks itself with the
 * core schemas (core/schemas/auth.schema.ts) in the interface's language, not with the browser's bubbles;
 * a refused sign-in moves the focus to its message (the disabled button would otherwise drop it).
 */
export function SignInPage() {
  const translate = useTranslate();
  const login = useLogin();
  const [, setLocale] = useLocaleState();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>('signin');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const errorRef = useRef<HTMLDivElement>(null);
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
    prefetchSignedIn();
    await login({ email, password });
    // From now on the interface speaks the user's language.
    const locale = peekUser()?.locale;
    if (isLocale(locale)) setLocale(locale);
  };

  const requestReset = async () => {
    await api('forgot-password', { method: 'POST', body: { email }, suppress: [400, 422, 429] });
    setInfo(translate('auth.forgot_sent'));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // Should the checks fail to load, the API's own checks answer instead.
    const checks = await loadChunk(loadChecks).catch(() => null);
    const problems = checks ? checks.validate(mode === 'signin' ? checks.auth.login : checks.auth.forgot, { email, password }) : {};
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
      <Box component="form" onSubmit={onSubmit} noValidate>
        <Stack spacing={2}>
          {banner && mode === 'signin' && <Alert severity="success">{translate(banner)}</Alert>}
          {mode === 'forgot' && <Alert severity="info">{translate('auth.forgot_intro')}</Alert>}
          {error && (
            <Alert severity="error" role="alert" ref={errorRef} tabIndex={-1}>
              {error}
            </Alert>
          )}
          {info && (
            <Alert severity="success" role="status">
              {info}
            </Alert>
          )}
          <TextField
            label={translate('auth.email')}
            type="email"
            name="email"
            autoComplete="username"
            required
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            inputRef={register('email')}
            error={Boolean(fieldErrors.email)}
            helperText={fieldErrors.email}
          />
          {mode === 'signin' && (
            <TextField
              label={translate('auth.password')}
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              inputRef={register('password')}
              error={Boolean(fieldErrors.password)}
              helperText={fieldErrors.password}
            />
          )}
          <Button type="submit" variant="contained" disabled={busy}>
            {translate(mode === 'signin' ? 'auth.sign_in' : 'auth.reset')}
          </Button>
          <MuiLink component="button" type="button" onClick={() => switchMode(mode === 'signin' ? 'forgot' : 'signin')}>
            {translate(mode === 'signin' ? 'auth.forgot_password' : 'auth.cancel')}
          </MuiLink>
        </Stack>
      </Box>
    </GuestLayout>
  );
}
