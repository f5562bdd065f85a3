/**
 * The guest app (issue 11: the sign-in page without react-admin): the sign-in form checks itself in the language
 * on screen, the EN/ES switch translates the page, a refused sign-in focuses its alert, and a signed-in user is
 * handed to the admin app at their home. The real sign-in against the API: tests/e2e/signin.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { en, es } from '../../../core/i18n/index.js';
import { ROLES } from '../../../core/roles.js';
import { SignInPage } from '../pages/guest/SignInPage.js';
import { ResetPasswordPage } from '../pages/guest/PasswordPage.js';
import { setGuestLocale } from './i18n.js';
import { GuestNavContext } from './nav.js';

const showAdmin = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('../boot.js', () => ({ showAdmin, showGuest: vi.fn() }));

type Reply = { status: number; body: unknown };

function stubApi(replies: Record<string, Reply>) {
  const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname.replace('/api/', '');
    const reply = replies[path] ?? { status: 204, body: null };
    return { ok: reply.status < 300, status: reply.status, statusText: '', headers: new Headers(), text: async () => (reply.body === null ? '' : JSON.stringify(reply.body)) };
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderSignIn() {
  render(
    <GuestNavContext.Provider value={{ params: new URLSearchParams(), navigate: vi.fn() }}>
      <SignInPage />
    </GuestNavContext.Provider>,
  );
}

/** A driver account whose saved language is `locale`. */
const driver = (locale: string) => ({ id: 7, first_name: 'Dee', last_name: 'River', email: 'driver@example.com', role: ROLES.driver, features: 0, locale });

/** Fills in the form (in English) and presses Sign in. */
function submit(email: string, password = 'lockerline-demo') {
  fireEvent.change(screen.getByLabelText(en.auth.email, { exact: false }), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(en.auth.password, { exact: false }), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: en.auth.sign_in }));
}

beforeEach(() => window.history.replaceState(null, '', '/signin'));

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  showAdmin.mockClear();
  await act(() => setGuestLocale('en'));
});

describe('guest sign-in page', () => {
  it('checks the form in the language on screen: both fields required, focus on the first', async () => {
    stubApi({});
    renderSignIn();
    await act(() => setGuestLocale('es'));
    fireEvent.click(screen.getByRole('button', { name: es.auth.sign_in }));
    expect(await screen.findAllByText(es.validation.required)).toHaveLength(2);
    const email = screen.getByLabelText(es.auth.email, { exact: false });
    expect(document.activeElement).toBe(email);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    // The switch names start with their visible text, and mark the language on screen.
    expect(screen.getByRole('button', { name: `ES ${es.app.languages.es}` }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows the credentials message as a focused alert on a refused sign-in', async () => {
    stubApi({ login: { status: 422, body: { code: 'auth.failed', message: 'no' } } });
    renderSignIn();
    submit('someone@example.com', 'wrong');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(en.auth.credentials_incorrect);
    await vi.waitFor(() => expect(document.activeElement).toBe(alert));
    expect(showAdmin).not.toHaveBeenCalled();
  });

  it('hands a signed-in user to the admin app at their home, in place of /signin in the history', async () => {
    const user = driver('en');
    stubApi({ login: { status: 200, body: { data: user } } });
    renderSignIn();
    submit(user.email);
    await vi.waitFor(() => expect(showAdmin).toHaveBeenCalledTimes(1));
    expect(window.location.pathname).toBe('/driver');
  });

  it("speaks the account's language once signed in", async () => {
    const user = driver('es');
    stubApi({ login: { status: 200, body: { data: user } } });
    renderSignIn();
    submit(user.email);
    await vi.waitFor(() => expect(showAdmin).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: `ES ${es.app.languages.es}` }).getAttribute('aria-pressed')).toBe('true');
  });

  it('keeps a language tapped while the sign-in is on its way, and saves it on the account', async () => {
    const user = driver('en');
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const fetch = stubApi({ login: { status: 200, body: { data: user } } });
    const plain = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/login')) await answered;
      return plain(url, init);
    });
    renderSignIn();
    submit(user.email);
    await vi.waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/login'))).toBe(true));
    await act(() => setGuestLocale('es'));
    fetch.mockClear();
    answer();
    await vi.waitFor(() => expect(showAdmin).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: `ES ${es.app.languages.es}` }).getAttribute('aria-pressed')).toBe('true');
    const saved = fetch.mock.calls.filter(([url, init]) => url.endsWith('/user/locale') && init?.method === 'PUT');
    expect(saved.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ locale: 'es' }]);
  });

  it("keeps a language tapped on the sign-in page before Sign in, over the account's, and saves it", async () => {
    const user = driver('en');
    const fetch = stubApi({ login: { status: 200, body: { data: user } } });
    renderSignIn();
    await act(() => setGuestLocale('es'));
    fireEvent.change(screen.getByLabelText(es.auth.email, { exact: false }), { target: { value: user.email } });
    fireEvent.change(screen.getByLabelText(es.auth.password, { exact: false }), { target: { value: 'lockerline-demo' } });
    fireEvent.click(screen.getByRole('button', { name: es.auth.sign_in }));
    await vi.waitFor(() => expect(showAdmin).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: `ES ${es.app.languages.es}` }).getAttribute('aria-pressed')).toBe('true');
    const saved = fetch.mock.calls.filter(([url, init]) => url.endsWith('/user/locale') && init?.method === 'PUT');
    expect(saved.map(([, init]) => JSON.parse(String(init?.body))).at(-1)).toEqual({ locale: 'es' });
  });

  it('keeps a language tapped right after Sign in, while the form is still being checked', async () => {
    const user = driver('en');
    const fetch = stubApi({ login: { status: 200, body: { data: user } } });
    renderSignIn();
    submit(user.email);
    // Before the form check has answered, so before the login request: the account's language must not win.
    await act(() => setGuestLocale('es'));
    await vi.waitFor(() => expect(showAdmin).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: `ES ${es.app.languages.es}` }).getAttribute('aria-pressed')).toBe('true');
    const saved = fetch.mock.calls.filter(([url, init]) => url.endsWith('/user/locale') && init?.method === 'PUT');
    expect(saved.map(([, init]) => JSON.parse(String(init?.body))).at(-1)).toEqual({ locale: 'es' });
  });
});

describe('a used or expired password link', () => {
  it('offers a new link: the sign-in page opens in its forgot-password mode with the address filled in', async () => {
    stubApi({ 'reset-password': { status: 422, body: { code: 'auth.token_invalid', message: en.auth.token_invalid } } });
    const navigate = vi.fn();
    render(
      <GuestNavContext.Provider value={{ params: new URLSearchParams({ token: 'used', email: 'ana@example.com' }), navigate }}>
        <ResetPasswordPage />
      </GuestNavContext.Provider>,
    );
    expect(screen.queryByText(en.auth.request_new_link)).toBeNull();
    for (const name of ['password', 'password_confirmation']) fireEvent.change(document.querySelector(`input[name=${name}]`)!, { target: { value: 'a-new-long-password' } });
    fireEvent.click(screen.getByRole('button', { name: en.auth.set_password }));
    fireEvent.click(await screen.findByText(en.auth.request_new_link));
    const to = navigate.mock.calls[0]![0] as string;
    expect(to).toBe('/signin?forgot=1&email=ana%40example.com');
    cleanup();

    render(
      <GuestNavContext.Provider value={{ params: new URL(to, 'http://localhost').searchParams, navigate: vi.fn() }}>
        <SignInPage />
      </GuestNavContext.Provider>,
    );
    expect(screen.getByText(en.auth.forgot_intro)).toBeTruthy();
    expect((screen.getByLabelText(en.auth.email, { exact: false }) as HTMLInputElement).value).toBe('ana@example.com');
    expect(screen.queryByLabelText(en.auth.password, { exact: false })).toBeNull();
  });
});
