/** A new user's starting values: merchant admins create users of their own merchant. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { formHint } from '../../../../core/i18n/form-hints.js';
import { InForm } from '../../components/testing.js';
import { ROLES } from '../../../../core/roles.js';
import { schemas } from '../../../../core/schemas/index.js';
import { validate } from '../../../../core/validation.js';
import { ActiveInput, newUserValues, UserRoleInput } from './UserForm.js';

const filled = { first_name: 'Bea', last_name: 'Two', email: 'bea@example.com', role: ROLES.merchant_user };

describe('newUserValues', () => {
  it("starts a merchant admin's new user with their merchant, so the form validates like the API", () => {
    const values = newUserValues({ role: ROLES.merchant_admin, merchant_id: 4 });
    expect(values).toMatchObject({ merchant_id: 4, active: true });
    expect(validate(schemas.users.create, { ...values, ...filled })).toEqual({});
  });

  it("starts the new user's language as the admin's screens show it, else English", () => {
    expect(newUserValues({ role: ROLES.superadmin, merchant_id: null }, 'es').locale).toBe('es');
    expect(newUserValues({ role: ROLES.merchant_admin, merchant_id: 4 }, 'es').locale).toBe('es');
    expect(newUserValues({ role: ROLES.superadmin, merchant_id: null }, 'fr').locale).toBe('en');
    expect(newUserValues({ role: ROLES.superadmin, merchant_id: null }).locale).toBe('en');
  });

  it('leaves the merchant to superadmin and support, who pick it', () => {
    expect(newUserValues({ role: ROLES.superadmin, merchant_id: null })).not.toHaveProperty('merchant_id');
    expect(newUserValues({ role: ROLES.support, merchant_id: null })).not.toHaveProperty('merchant_id');
  });
});

describe('ActiveInput', () => {
  afterEach(cleanup);
  const renderActive = (record: Record<string, unknown>) =>
    render(
      <InForm values={record} user={{ role: ROLES.superadmin, merchant_id: null }}>
        <ActiveInput />
      </InForm>,
    );

  it("is disabled on one's own active account and says why (the API refuses it, core ownAccountProblem)", async () => {
    renderActive({ id: 1, role: ROLES.superadmin, merchant_id: null, active: true });
    expect(await screen.findByText(formHint('en', 'user_active_own'))).toBeTruthy();
    expect((screen.getByRole('switch', { name: /active/i }) as HTMLInputElement).disabled).toBe(true);
  });

  it("stays a switch on another user's account", async () => {
    renderActive({ id: 2, role: ROLES.merchant_user, merchant_id: 4, active: true });
    const toggle = (await screen.findByRole('switch', { name: /active/i })) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(screen.queryByText(formHint('en', 'user_active_own'))).toBeNull();
  });
});

describe('UserRoleInput', () => {
  afterEach(cleanup);
  const renderRole = (record: Record<string, unknown>) =>
    render(
      <InForm values={record} user={{ role: ROLES.superadmin, merchant_id: null }}>
        <UserRoleInput />
      </InForm>,
    );

  it("is fixed on one's own account and says why (the API refuses a change, core ownAccountProblem)", async () => {
    renderRole({ id: 1, role: ROLES.superadmin, merchant_id: null, active: true });
    expect(await screen.findByText(formHint('en', 'user_role_own'))).toBeTruthy();
    expect(screen.getByRole('combobox').getAttribute('aria-disabled')).toBe('true');
  });

  it("stays a choice on another user's account", async () => {
    renderRole({ id: 2, role: ROLES.merchant_user, merchant_id: 4, active: true });
    const select = await screen.findByRole('combobox');
    await waitFor(() => expect(select.getAttribute('aria-disabled')).not.toBe('true'));
    expect(screen.queryByText(formHint('en', 'user_role_own'))).toBeNull();
  });
});
