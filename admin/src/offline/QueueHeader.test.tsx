/**
 * The role screens' queue header (docs/offline-scanning.md "The screens"): right after a reload it does not claim
 * "Every scan is sent" before this device's queue has been read from IndexedDB; it says it is reading, then counts.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLES } from '../../../core/roles.js';
import { en } from '../../../core/i18n/index.js';
import { renderRoute } from '../components/testing.js';
import { setUser, type CurrentUser } from '../providers/session.js';
import { QueueHeader } from './QueueHeader.js';
import { addScan, nextSeq, resetQueueDb } from './store.js';

const USER = 7;

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetQueueDb();
});
afterEach(() => {
  cleanup();
  setUser(null);
});

describe('QueueHeader', () => {
  it('says it is reading the queue until IndexedDB has answered, never "every scan is sent" while scans wait', async () => {
    for (const n of [1, 2]) {
      await addScan({ client_id: `queued-scan-${n}`, seq: nextSeq(), user_id: USER, screen: 'warehouse', barcode: `BC${n}`, action: 'check-in', occurred_at: new Date().toISOString() });
    }
    act(() => setUser({ id: USER, role: ROLES.warehouse, features: 127, first_name: 'Wes', last_name: 'W' } as unknown as CurrentUser));
    renderRoute({ url: '/warehouse', path: '*', element: <QueueHeader /> });
    // First paint, before the read: neutral, and busy.
    const status = screen.getByTestId('connection-status');
    expect(status.textContent).not.toContain(en.screens.ops.offline.all_sent);
    expect(status.textContent).toContain(en.screens.ops.offline.reading_queue);
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.hasAttribute('data-queued')).toBe(false);
    // Once read: the real count.
    await screen.findByText('2 scans waiting to be sent');
    expect(status.textContent).not.toContain(en.screens.ops.offline.reading_queue);
    expect(status.getAttribute('aria-busy')).toBe('false');
    expect(status.getAttribute('data-queued')).toBe('2');
  });
});
