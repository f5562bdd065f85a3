import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { emitLiveChange } from './liveConnection.js';
import { LiveUpdates, staleQuery, useEditedElsewhere, useLiveChanges } from './useLive.js';
import type { LiveResource } from '../../../core/live.js';

const key = (...queryKey: unknown[]) => ({ queryKey });
const changes = (entries: [LiveResource, number[]][]) => new Map(entries.map(([r, ids]) => [r, new Set(ids)]));

describe('live updates in the admin', () => {
  it('a change makes its resource’s lists and the named records stale, nothing else', () => {
    const c = changes([['packages', [7]]]);
    expect(staleQuery(c, key('packages', 'getList', { pagination: {} }))).toBe(true);
    expect(staleQuery(c, key('packages', 'getManyReference', { target: 'shipment_id' }))).toBe(true);
    expect(staleQuery(c, key('packages', 'getOne', { id: '7' }))).toBe(true);
    expect(staleQuery(c, key('packages', 'getOne', { id: '8' }))).toBe(false);
    expect(staleQuery(c, key('shipments', 'getList', {}))).toBe(false);
    expect(staleQuery(c, key('merchants', 'getList', {}))).toBe(false);
    // A reset: everything live is stale.
    expect(staleQuery(null, key('shipments', 'getOne', { id: '3' }))).toBe(true);
  });

  it('a change of a package makes the record of the shipment holding it stale, not the shipments lists', () => {
    const c = changes([['packages', [7]]]);
    const shown = (data: unknown) => ({ ...key('shipments', 'getOne', { id: '3' }), state: { data } });
    expect(staleQuery(c, shown({ id: 3, packages: [{ id: 6 }, { id: 7 }] }))).toBe(true);
    expect(staleQuery(c, shown({ id: 3, packages: [{ id: 6 }] }))).toBe(false);
    expect(staleQuery(c, shown(undefined))).toBe(false);
    expect(staleQuery(c, { ...key('shipments', 'getList', {}), state: { data: { data: [{ id: 3, packages: [{ id: 7 }] }] } } })).toBe(false);
  });

  it('tells a shipment form open when one of its packages changed elsewhere', () => {
    const client = new QueryClient();
    client.setQueryData(['shipments', 'getOne', { id: '9', meta: undefined }], { id: 9, packages: [{ id: 70 }] });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const live = renderHook(() => LiveUpdates(), { wrapper });
    const form = renderHook(() => useEditedElsewhere('shipments', 9), { wrapper });
    expect(staleQuery(changes([['packages', [70]]]), { ...key('shipments', 'getOne', { id: '9' }), state: { data: { packages: [{ id: 70 }] } } })).toBe(false);
    act(() => emitLiveChange({ resource: 'packages', ids: [71] }));
    expect(form.result.current.changed).toBe(false);
    act(() => emitLiveChange({ resource: 'packages', ids: [70] }));
    expect(form.result.current.changed).toBe(true);
    form.unmount();
    live.unmount();
  });

  it('keeps a record open in an edit form out of the refresh and tells the form', () => {
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const form = renderHook(() => useEditedElsewhere('shipments', 5), { wrapper });
    const heard: string[] = [];
    renderHook(() => useLiveChanges(['shipments'], (resource, ids) => heard.push(`${resource}:${[...(ids ?? [])].join(',')}`)), { wrapper });
    expect(staleQuery(changes([['shipments', [5]]]), key('shipments', 'getOne', { id: '5' }))).toBe(false);
    expect(staleQuery(changes([['shipments', [5]]]), key('shipments', 'getList', {}))).toBe(true);
    expect(form.result.current.changed).toBe(false);
    emitLiveChange({ resource: 'shipments', ids: [5, 6] });
    expect(heard).toEqual(['shipments:5,6']);
    form.unmount();
    expect(staleQuery(changes([['shipments', [5]]]), key('shipments', 'getOne', { id: '5' }))).toBe(true);
  });
});
