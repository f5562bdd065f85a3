import { AutocompleteArrayInput, BooleanInput, PasswordInput, ReferenceArrayInput, TextInput, useGetIdentity, useLocaleState, useRecordContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { LOCALES } from '../../../../core/constants.js';
import { isAdminRole, isMerchantRole, isStoreRole } from '../../../../core/roles.js';
import { schemas, userDefaults } from '../../../../core/schemas/index.js';
import { isOwnAccount, ownAccountProblem } from '../../../../core/policies/users.policy.js';
import { formHint } from '../../../../core/i18n/form-hints.js';
import { CountryInput } from '../../components/CountryInput.js';
import { EnumInput } from '../../components/EnumInput.js';
import { LightReferenceInput } from '../../components/LightReferenceInput.js';
import { req } from '../../components/RequiredLabel.js';
import { FormSection } from '../../components/FormSection.js';
import { ResourceForm } from '../../components/ResourceForm.js';
import { RoleInput } from '../../components/RoleInput.js';
import { useActor, type ActorIdentity } from '../../components/useActor.js';

/** Merchant (superadmin/support only, for merchant roles) and locations (store roles) depend on the role. */
function RoleDependentInputs() {
  const actor = useActor();
  const role = Number(useWatch({ name: 'role' }) ?? 0);
  return (
    <>
      {isAdminRole(actor.role) && isMerchantRole(role) && (
        <LightReferenceInput source="merchant_id" reference="merchants" label={req('merchant_id')} />
      )}
      {isStoreRole(role) && (
        <ReferenceArrayInput source="location_ids" reference="locations" filter={{ scope: 'all' }} queryOptions={{ meta: { light: true } }}>
          <AutocompleteArrayInput optionText="name" label="resources.users.fields.locations" filterToQuery={(search) => ({ search })} />
        </ReferenceArrayInput>
      )}
    </>
  );
}

/** On one's own record, a new e-mail or password needs the current password (core/policies/users.policy.ts). */
function OwnCurrentPassword() {
  const { identity } = useGetIdentity();
  const record = useRecordContext();
  if (record?.id === undefined || identity === undefined || !isOwnAccount({ id: Number(identity.id) }, { id: Number(record.id) })) return null;
  return <PasswordInput source="current_password" autoComplete="current-password" label="resources.users.fields.current_password" />;
}

/** Whether core refuses `next` on the form's record for the signed-in user (ownAccountProblem: own role and active). */
function useOwnAccountLock(next: (record: Record<string, unknown>) => { active: boolean; role: number }): boolean {
  const { identity } = useGetIdentity();
  const actor = useActor();
  const record = useRecordContext();
  if (identity === undefined || record?.id === undefined) return false;
  return (
    ownAccountProblem(
      { id: Number(identity.id), role: actor.role, merchant_id: actor.merchant_id },
      { id: Number(record.id), role: Number(record.role), merchant_id: (record.merchant_id as number | null) ?? null, active: record.active as boolean },
      next(record),
    ) !== null
  );
}

/**
 * Active, switched off only where core allows it: one's own active account stays active (ownAccountProblem; the
 * API refuses it with 422 on `active`), so on one's own record the switch is disabled and says why.
 */
export function ActiveInput() {
  const [locale] = useLocaleState();
  const locked = useOwnAccountLock((record) => ({ active: false, role: Number(record.role) }));
  return <BooleanInput source="active" label={req('active')} disabled={locked} helperText={locked ? formHint(locale, 'user_active_own') : undefined} />;
}

/** Role, fixed on one's own record (ownAccountProblem; the API refuses a change with 422 on `role`). */
export function UserRoleInput() {
  const [locale] = useLocaleState();
  const locked = useOwnAccountLock((record) => ({ active: Boolean(record.active), role: Number.NaN }));
  return <RoleInput source="role" label={req('role')} disabled={locked} helperText={locked ? formHint(locale, 'user_role_own') : undefined} />;
}

/**
 * A new user's starting values. Only superadmin/support pick the merchant; for a merchant admin the
 * API takes their own merchant, so the form starts with it too (the schema requires it for merchant roles). The
 * language starts as the one the admin's screens show (`locale`).
 */
export function newUserValues(actor: Pick<ActorIdentity, 'role' | 'merchant_id'>, locale?: string) {
  return isAdminRole(actor.role) ? userDefaults(locale) : { ...userDefaults(locale), merchant_id: actor.merchant_id };
}

/** User create/edit; new users are active by default and receive a create-password mail. */
export function UserForm({ mode }: { mode: 'create' | 'edit' }) {
  const actor = useActor();
  const [locale] = useLocaleState();
  return (
    <ResourceForm
      resource="users"
      schema={schemas.users[mode === 'create' ? 'create' : 'update']}
      defaultValues={mode === 'create' ? newUserValues(actor, locale) : undefined}
    >
      <FormSection title="forms.sections.users.person" name="person">
        <TextInput source="first_name" label={req('first_name')} />
        <TextInput source="last_name" label={req('last_name')} />
        <TextInput source="email" type="email" label={req('email')} />
        <EnumInput source="locale" values={LOCALES} prefix="app.languages" label={req('locale')} />
        <CountryInput source="country" label={req('country')} />
      </FormSection>
      <FormSection title="forms.sections.users.access" name="access">
        <UserRoleInput />
        <ActiveInput />
        <RoleDependentInputs />
      </FormSection>
      <FormSection title="resources.users.fields.password" name="password">
        <PasswordInput source="password" autoComplete="new-password" label={req('password')} />
        <PasswordInput source="password_confirmation" autoComplete="new-password" label={req('password_confirmation')} />
        {mode === 'edit' && <OwnCurrentPassword />}
      </FormSection>
    </ResourceForm>
  );
}
