import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Link as MuiLink, Stack, TextField } from '@mui/material';
import { useLocaleState, useLogin, useTranslate, type HttpError } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../providers/http.js';
import { peekUser } from '../../providers/session.js';
import { isLocale } from '../../providers/locale.js';
import { GuestLayout } from '../../layout/GuestLayout.js';

type Mode = 'signin' | 'forgot';

/** The sign-in error message for an API error (SPEC section 8, sign-in). */
export function signInErrorKey(error: unknown): string {
  const status = (error as HttpError)?.status;
  if (status === 422) return 'auth.credentials_incorrect';
  if (status === 429) return 'auth.throttled';
  return 'auth.something_wrong';
}

/** /signin: email + password, or the forgot-password mode (email only). */
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

  const banner = params.get('reset') ? 'auth.banner_reset' : params.get('created') ? 'auth.banner_created' : null;

  const switchMode = (next: Mode) => {
    setMode(next);
    setError(null);
    setInfo(null);
  };

  const signIn = async () => {
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
      <Box component="form" onSubmit={onSubmit} noValidate={false}>
        <Stack spacing={2}>
          {banner && mode === 'signin' && <Alert severity="success">{translate(banner)}</Alert>}
          {mode === 'forgot' && <Alert severity="info">{translate('auth.forgot_intro')}</Alert>}
          {error && (
            <Alert severity="error" role="alert">
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
