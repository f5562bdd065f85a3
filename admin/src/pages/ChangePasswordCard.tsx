import { useState } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import { PasswordInput, SaveButton, SimpleForm, Toolbar, useNotify, useTranslate, type HttpError } from 'react-admin';
import { schemas } from '../../../core/schemas/index.js';
import { useSchemaValidator } from '../components/validators.js';
import { api } from '../providers/http.js';

const label = (field: string) => `resources.users.fields.${field}`;
const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/**
 * Profile: change one's own password (current, new, confirm). The API ends the user's other sessions and
 * revokes the API token (docs/auth.md); this session stays, so `onChanged` reloads what the page holds.
 */
export function ChangePasswordCard({ userId, onChanged }: { userId: number; onChanged: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const validate = useSchemaValidator(schemas.passwordChange, undefined, 'users');
  // A new key empties the form after a change.
  const [formKey, setFormKey] = useState(0);
  const heading = translate('profile.change_password');

  const save = async (values: Record<string, unknown>) => {
    try {
      await api(`users/${userId}`, { method: 'PUT', body: pickPasswords(values), suppress: [422] });
    } catch (e) {
      return (e as HttpError).body?.errors ?? {};
    }
    setFormKey((k) => k + 1);
    onChanged();
    notify('profile.password_changed', { type: 'success' });
  };

  return (
    <Card sx={{ mt: 2 }} component="section" aria-label={heading}>
      <CardContent sx={{ pb: 0 }}>
        <Typography component="h2" variant="h6">
          {heading}
        </Typography>
        <Typography variant="body2">{translate('profile.change_password_intro')}</Typography>
      </CardContent>
      <SimpleForm
        key={formKey}
        record={EMPTY}
        onSubmit={save}
        validate={validate}
        toolbar={
          <Toolbar>
            <SaveButton label="profile.change_password" alwaysEnable />
          </Toolbar>
        }
      >
        <PasswordInput source="current_password" autoComplete="current-password" label={label('current_password')} fullWidth />
        <PasswordInput source="password" autoComplete="new-password" label={label('new_password')} fullWidth />
        <PasswordInput source="password_confirmation" autoComplete="new-password" label={label('new_password_confirmation')} fullWidth />
      </SimpleForm>
    </Card>
  );
}

const pickPasswords = (values: Record<string, unknown>) => ({
  current_password: values.current_password,
  password: values.password,
  password_confirmation: values.password_confirmation,
});
