import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, RecordContextProvider, testDataProvider } from 'react-admin';
import { testI18n } from '../../components/testing.js';
import { IdentificationImage } from './PackageDetails.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderImage(record: Record<string, unknown>) {
  const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  // jsdom has no object URLs (test files run isolated, so this stays in this file).
  URL.createObjectURL = () => 'blob:photo';
  URL.revokeObjectURL = () => undefined;
  render(
    <AdminContext i18nProvider={testI18n} dataProvider={testDataProvider()}>
      <RecordContextProvider value={{ id: 7, barcode: 'LP7', ...record }}>
        <IdentificationImage />
      </RecordContextProvider>
    </AdminContext>,
  );
  return fetch;
}

describe('IdentificationImage', () => {
  it('fetches and shows the photo only when the record says there is one', async () => {
    const fetch = renderImage({ has_identification_image: true });
    const img = await screen.findByRole('img', { name: /handed over/ });
    expect(img.getAttribute('src')).toBe('blob:photo');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]![0])).toContain('/packages/7/identification-image');
  });

  it('requests nothing when there is no photo, or when the flag is absent (roles that may not see it)', async () => {
    for (const record of [{ has_identification_image: false }, {}]) {
      const fetch = renderImage(record);
      await new Promise((r) => setTimeout(r, 20));
      expect(fetch).not.toHaveBeenCalled();
      expect(screen.queryByRole('img')).toBeNull();
      cleanup();
    }
  });
});
