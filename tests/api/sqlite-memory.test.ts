/**
 * SQLite's memory settings (docs/database.md): the server's page cache and file map, what SQLITE_CACHE_MB and
 * SQLITE_MMAP_MB change, and the smaller cache of a bulk import or export process (api/import/bulk-memory.ts).
 */
import { describe, expect, it } from 'vitest';
import { preferBulkPageCache, sqliteMemoryPragmas } from '../../api/db/database.js';

describe('SQLite memory pragmas', () => {
  it('a server maps 1 GB of the file and caches 64 MB; the environment overrides either, a wrong value is ignored', () => {
    expect(sqliteMemoryPragmas({})).toEqual([`mmap_size = ${1024 * 1024 * 1024}`, 'cache_size = -65536']);
    expect(sqliteMemoryPragmas({ SQLITE_MMAP_MB: '0', SQLITE_CACHE_MB: '8' })).toEqual(['mmap_size = 0', 'cache_size = -8192']);
    expect(sqliteMemoryPragmas({ SQLITE_CACHE_MB: 'lots', SQLITE_MMAP_MB: '-1' })).toEqual([`mmap_size = ${1024 * 1024 * 1024}`, 'cache_size = -65536']);
  });

  it('a bulk process caches 16 MB unless SQLITE_CACHE_MB says otherwise', () => {
    preferBulkPageCache();
    expect(sqliteMemoryPragmas({})[1]).toBe('cache_size = -16384');
    expect(sqliteMemoryPragmas({ SQLITE_CACHE_MB: '64' })[1]).toBe('cache_size = -65536');
  });
});
