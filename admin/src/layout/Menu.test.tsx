/** The side menu is reachable with the keyboard: every entry is a tab stop, as react-admin's own menu items are. */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { ROLES } from '../../../core/roles.js';
import { renderRoute } from '../components/testing.js';
import { setUser, type CurrentUser } from '../providers/session.js';
import { Menu } from './Menu.js';

afterEach(() => {
  cleanup();
  setUser(null);
});

describe('Menu', () => {
  it('makes every entry a tab stop (a keyboard user reaches the sections), the current one marked', async () => {
    act(() => setUser({ id: 1, role: ROLES.superadmin, features: 127, first_name: 'Sam', last_name: 'S' } as unknown as CurrentUser));
    renderRoute({ url: '/users', path: '*', element: <Menu /> });
    const links = await screen.findAllByRole('menuitem');
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) expect(link.tabIndex, link.textContent ?? '').toBe(0);
    expect(screen.getByRole('menuitem', { name: 'Users' }).className).toContain('RaMenuItemLink-active');
  });
});
