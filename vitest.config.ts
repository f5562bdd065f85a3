import { defineConfig } from 'vitest/config';

/**
 * One runner, several projects. The API suites run on SQLite always and again on PostgreSQL when
 * TEST_DATABASE_URL is set (CI sets it). Each API suite gets a fresh database (tests/api/helpers.ts).
 */
/** expect.poll on something a server must answer: 15 s, not vitest's 1 s default (a busy machine is slow). */
const SERVER_POLL = { timeout: 15_000, interval: 100 };

const apiProject = (name: string, dialect: 'sqlite' | 'postgres') => ({
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: dialect },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    expect: { poll: SERVER_POLL },
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['core/**/*.test.ts'], environment: 'node' } },
      apiProject('api', 'sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-pg', 'postgres')] : []),
      { test: { name: 'cli', include: ['tests/cli/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      {
        esbuild: { jsx: 'automatic' },
        test: { name: 'admin', include: ['admin/src/**/*.test.tsx'], environment: 'jsdom', testTimeout: 30_000 },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // Starts the real server once for every e2e file (tests/e2e/server.ts).
          globalSetup: ['tests/e2e/server.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 180_000,
          expect: { poll: SERVER_POLL },
        },
      },
    ],
  },
});
