import { useMemo } from 'react';
import { SelectInput, useFieldValue, useTranslate, type FieldProps, type SelectInputProps } from 'react-admin';
import { assignableRoles, ROLES, roleName } from '../../../core/roles.js';
import { useActor } from './useActor.js';

/** Role choices (value = role bit) with translated names; `roles` limits the list. */
export function useRoleChoices(roles: readonly number[]) {
  const translate = useTranslate();
  return useMemo(() => roles.map((r) => ({ id: r, name: translate(`roles.${roleName(r)}`, { _: String(r) }) })), [roles, translate]);
}

/** Role select offering only the roles the current user may assign (core assignableRoles). */
export function RoleInput(props: Omit<SelectInputProps, 'choices'>) {
  const { role } = useActor();
  const choices = useRoleChoices(useMemo(() => assignableRoles(role), [role]));
  return <SelectInput source="role" choices={choices} {...props} />;
}

/** Role filter over every role. */
export function RoleFilterInput(props: Omit<SelectInputProps, 'choices'>) {
  return <SelectInput source="role" choices={useRoleChoices(Object.values(ROLES))} {...props} />;
}

export function RoleField(props: Omit<FieldProps, 'source'> & { source?: string }) {
  const translate = useTranslate();
  const value = useFieldValue({ ...props, source: props.source ?? 'role' });
  const name = roleName(Number(value));
  return <span>{name ? translate(`roles.${name}`) : ''}</span>;
}
