import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers.js';
import { loadOrCreateAppSecret } from '../../api/auth/app-secret.js';

describe('application secret', () => {
  it('is generated once and shared through the database', async () => {
    const { db, close } = await createTestApp({ seed: false });
    try {
      const first = await loadOrCreateAppSecret(db);
      expect(first.length).toBeGreaterThanOrEqual(40);
      expect(await loadOrCreateAppSecret(db)).toBe(first);
      expect(await loadOrCreateAppSecret(db, 'from-env')).toBe('from-env');
    } finally {
      await close();
    }
  });
});
