/**
 * The kiosk's code entry (docs/lockers.md): digits only, at most 6, and OPEN DOOR only with a whole 6-digit code,
 * so a short code is never sent (the API would refuse it anyway, without spending one of the terminal's wrong tries).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { lockerAccessMessages } from '../../../core/i18n/locker-access.js';
import { BADGE_DIGITS, KIOSK_IDLE_SECONDS, PICKUP_CODE } from '../../../core/policies/locker-access.policy.js';
import { renderRoute } from '../components/testing.js';
import { KioskPage } from './KioskPage.js';
import { saveSecret, savedSecret } from './kioskApi.js';

const L = lockerAccessMessages.en.kiosk.customer;
type Call = { url: string; body?: string };
let calls: Call[] = [];
/** A test's own answer for a path ending (e.g. '/open'), else the defaults below. */
let answers: Record<string, { status: number; body: unknown }> = {};

beforeEach(() => {
  calls = [];
  answers = {};
  saveSecret('7', 'tl_test_secret');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body as string | undefined });
      const own = Object.entries(answers).find(([end]) => url.endsWith(end))?.[1];
      if (own) return { ok: own.status < 300, status: own.status, json: async () => own.body };
      const data = url.endsWith('/open') ? { compartment: 17 } : { id: 7, name: 'Locker Seven', code: 'LK-7' };
      return { ok: true, status: 200, json: async () => ({ data }) };
    }),
  );
});

afterEach(() => {
  cleanup();
  saveSecret('7', null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const renderKiosk = () => renderRoute({ url: '/kiosk/7', path: '/kiosk/:location_id', element: <KioskPage /> });
const opens = () => calls.filter((c) => c.url.endsWith('/open'));

describe('KioskPage customer code', () => {
  it('keeps OPEN DOOR disabled under 6 digits and takes digits only, at most 6', async () => {
    renderKiosk();
    const field = screen.getByLabelText(L.code) as HTMLInputElement;
    const button = () => screen.getByRole('button', { name: L.open }) as HTMLButtonElement;
    expect(button().disabled).toBe(true);

    for (const typed of ['1', '12', '12345', '12a3-4 5']) {
      fireEvent.change(field, { target: { value: typed } });
      expect(field.value).toBe(typed.replace(/\D/g, ''));
      expect(button().disabled, typed).toBe(true);
      // Enter (or a scanner's return) with a short code sends nothing.
      fireEvent.submit(field.closest('form')!);
    }
    expect(opens()).toEqual([]);
    expect(screen.getByText(`5 of ${PICKUP_CODE.digits} digits`)).toBeTruthy();

    fireEvent.change(field, { target: { value: '123 456 78' } });
    expect(field.value).toBe('123456');
    expect(button().disabled).toBe(false);
    fireEvent.click(button());
    await waitFor(() => expect(opens()).toHaveLength(1));
    expect(JSON.parse(opens()[0]!.body!)).toEqual({ code: '123456' });
    expect(await screen.findByText('Door 17 is open')).toBeTruthy();
  });
});

describe('KioskPage courier badge', () => {
  const C = lockerAccessMessages.en.kiosk.courier;
  it('signs in only with a whole badge: digits only, at most 10', async () => {
    renderKiosk();
    fireEvent.click(await screen.findByRole('button', { name: C.enter }));
    const field = (await screen.findByLabelText(C.badge)) as HTMLInputElement;
    const signIn = () => screen.getByRole('button', { name: C.sign_in }) as HTMLButtonElement;
    for (const typed of ['1', '12345', '12345a6789']) {
      fireEvent.change(field, { target: { value: typed } });
      expect(signIn().disabled, typed).toBe(true);
      fireEvent.submit(field.closest('form')!);
    }
    expect(calls.filter((c) => c.url.endsWith('/courier'))).toEqual([]);
    fireEvent.change(field, { target: { value: '1234 5678 9012' } });
    expect(field.value).toBe('1234567890'.slice(0, BADGE_DIGITS));
    expect(signIn().disabled).toBe(false);
  });
});

describe('KioskPage after an answer', () => {
  const C = lockerAccessMessages.en.kiosk.courier;
  const S = lockerAccessMessages.en.kiosk.setup;
  const refused = (message: string) => ({ status: 422, body: { code: 'locker.code_invalid', message } });

  it('a refused code clicked with OPEN DOOR gives the focus back to the code field (a scanner’s next code lands there)', async () => {
    answers['/open'] = refused('This code is not valid here.');
    renderKiosk();
    const field = screen.getByLabelText(L.code) as HTMLInputElement;
    fireEvent.change(field, { target: { value: '123456' } });
    const button = screen.getByRole('button', { name: L.open });
    button.focus();
    fireEvent.click(button);
    await screen.findByText('This code is not valid here.');
    expect(document.activeElement).toBe(field);
  });

  it('a 401 on a customer’s code (the secret was rotated while the kiosk ran) asks for the secret again', async () => {
    answers['/open'] = { status: 401, body: { code: 'locker.terminal_unauthenticated', message: 'Terminal not set up, or its secret changed.' } };
    renderKiosk();
    fireEvent.change(screen.getByLabelText(L.code), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: L.open }));
    expect(await screen.findByText(S.rejected)).toBeTruthy();
    expect(screen.getByRole('heading', { name: S.title })).toBeTruthy();
    expect(savedSecret('7')).toBeNull();
  });

  it('the courier screen: a refused scan keeps the focus in the scan field; a "locker full" report clears the earlier refusal', async () => {
    answers['/courier'] = { status: 200, body: { data: { courier: { id: 1, name: 'Dana Driver' }, deposits: [], retrievable: [] } } };
    answers['/deposit'] = refused('Not a parcel for this locker now.');
    answers['/report-full'] = {
      status: 200,
      body: { data: { barcode: 'LP1', status: 50, storage: { location_id: 4, name: 'Bay Street Pharmacy', class: 'pudo', distance: 2.1, expires_at: '2025-06-07T09:20:00.000Z', returns_at: '2025-06-03T09:20:00.000Z' } } },
    };
    renderKiosk();
    fireEvent.click(await screen.findByRole('button', { name: C.enter }));
    fireEvent.change(await screen.findByLabelText(C.badge), { target: { value: '1234567890' } });
    fireEvent.click(screen.getByRole('button', { name: C.sign_in }));
    const barcode = (await screen.findByLabelText(C.barcode)) as HTMLInputElement;
    fireEvent.change(barcode, { target: { value: 'LP0' } });
    const scan = screen.getByRole('button', { name: C.scan });
    scan.focus();
    fireEvent.click(scan);
    await screen.findByText('Not a parcel for this locker now.');
    expect(document.activeElement).toBe(barcode);

    fireEvent.change(barcode, { target: { value: 'LP1' } });
    const noDoor = screen.getByRole('button', { name: C.reason_no_free_door });
    noDoor.focus();
    fireEvent.click(noDoor);
    await screen.findByTestId('kiosk-full-done');
    await waitFor(() => expect(screen.queryByText('Not a parcel for this locker now.')).toBeNull());
    expect(barcode.value).toBe('');
    expect(document.activeElement).toBe(barcode);
  });

  it('a courier who walks away is signed out after the idle time; a touch restarts the wait', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answers['/courier'] = { status: 200, body: { data: { courier: { id: 1, name: 'Dana Driver' }, deposits: [], retrievable: [] } } };
    renderKiosk();
    fireEvent.click(await screen.findByRole('button', { name: C.enter }));
    fireEvent.change(await screen.findByLabelText(C.badge), { target: { value: '1234567890' } });
    fireEvent.click(screen.getByRole('button', { name: C.sign_in }));
    await screen.findByText(C.signed_in.replace('%{name}', 'Dana Driver'));
    act(() => vi.advanceTimersByTime((KIOSK_IDLE_SECONDS.courier - 5) * 1000));
    fireEvent.pointerDown(document.body);
    act(() => vi.advanceTimersByTime((KIOSK_IDLE_SECONDS.courier - 5) * 1000));
    expect(screen.getByText(C.signed_in.replace('%{name}', 'Dana Driver'))).toBeTruthy();
    act(() => vi.advanceTimersByTime(10 * 1000));
    expect(await screen.findByRole('heading', { name: L.title })).toBeTruthy();
    expect(screen.queryByText(C.signed_in.replace('%{name}', 'Dana Driver'))).toBeNull();
  });

  it('"Door 17 is open" goes back to the code entry after the idle time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderKiosk();
    fireEvent.change(screen.getByLabelText(L.code), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: L.open }));
    expect(await screen.findByText('Door 17 is open')).toBeTruthy();
    act(() => vi.advanceTimersByTime(KIOSK_IDLE_SECONDS.doorOpen * 1000 + 100));
    expect(await screen.findByLabelText(L.code)).toBeTruthy();
    expect(screen.queryByText('Door 17 is open')).toBeNull();
  });
});
