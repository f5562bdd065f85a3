import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Link as MuiLink, Stack, TextField } from '@mui/material';
import { useTranslate, type HttpError } from 'react-admin';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { BOUNDS } from '../../../../core/constants.js';
import { validate, type Schema } from '../../../../core/validation.js';
import { api } from '../../providers/http.js';
import { GuestLayout } from '../../layout/GuestLayout.js';

export const PASSWORD_SCHEMA: Schema = {
  password: [{ rule: 'required' }, { rule: 'min', length: BOUNDS.password.min }, { rule: 'max', length: BOUNDS.password.max }],
  password_confirmation: [{ rule: 'required' }, { rule: 'confirmed', target: 'password' }],
};

type Kind = 'reset' | 'create';

const CONFIG: Record<Kind, { endpoint: string; title: string; done: string }> = {
  reset: { endpoint: 'reset-password', title: 'auth.reset_title', done: '/signin?reset=1' },
  create: { endpoint: 'create-password', title: 'auth.create_title', done: '/signin?created=1' },
};

/** /reset-password and /create-password: token and email come from the link in the e-mail. */
export function PasswordPage({ kind }: { kind: Kind }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const config = CONFIG[kind];
  const [values, setValues] = useState({ password: '', password_confirmation: '' });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(token && email ? null : translate('auth.token_invalid'));
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validate(PASSWORD_SCHEMA, values);
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
      setError(body.code === 'auth.token_invalid' ? translate('auth.token_invalid') : body.message || translate('auth.something_wrong'));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: 'password' | 'password_confirmation', autoComplete: string) => (
    <TextField
      label={translate(`auth.${name}`)}
      type="password"
      name={name}
      autoComplete={autoComplete}
      required
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      error={Boolean(fieldErrors[name])}
      helperText={fieldErrors[name]}
    />
  );

  return (
    <GuestLayout title={translate(config.title)}>
      {/* Checked with PASSWORD_SCHEMA in the interface's language, not with the browser's bubbles. */}
      <Box component="form" onSubmit={onSubmit} noValidate>
        <Stack spacing={2}>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <TextField label={translate('auth.email')} value={email} disabled autoComplete="username" />
          {field('password', 'new-password')}
          {field('password_confirmation', 'new-password')}
          <Button type="submit" variant="contained" disabled={busy || !token || !email}>
            {translate('auth.set_password')}
          </Button>
          <MuiLink component={Link} to="/signin">
            {translate('auth.back_to_signin')}
          </MuiLink>
        </Stack>
      </Box>
    </GuestLayout>
  );
}

export const ResetPasswordPage = () => <PasswordPage kind="reset" />;
export const CreatePasswordPage = () => <PasswordPage kind="create" />;
