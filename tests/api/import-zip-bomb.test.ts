/**
 * A zip bomb whose central directory lies (issue 9): an XLSX whose sheet declares 4 KB but inflates to
 * 300 MB. Both upload endpoints (shipments, batch customers) count the inflated bytes while inflating and
 * refuse with the coded 413 `import.zip_bomb` long before the end: nothing is written and the server's
 * memory stays flat.
 */
import { createDeflateRaw, crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertSafeZip } from '../../api/import/zip-guard.js';
import { createTestApp, login, type Client, type TestApp } from './helpers.js';
import { countAll, findMerchantId, upload, type UploadFile } from './import-support.js';
import { zipOf, type ZipEntry as Entry } from '../../fixtures/import/zip-writer.js';

const MB = 1024 * 1024;

/** Deflates `megabytes` MB of the same byte, 1 MB at a time (the test never holds the inflated data). */
async function deflatedZeros(megabytes: number): Promise<{ data: Buffer; crc: number }> {
  const chunk = Buffer.alloc(MB, 0x41);
  const deflater = createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflater.on('data', (part: Buffer) => parts.push(part));
  const done = new Promise((resolve) => deflater.on('end', resolve));
  let crc = 0;
  for (let i = 0; i < megabytes; i++) {
    crc = crc32(chunk, crc);
    if (!deflater.write(chunk)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await done;
  return { data: Buffer.concat(parts), crc };
}

const stored = (name: string, text: string): Entry => {
  const data = Buffer.from(text);
  return { name, data, crc: crc32(data), method: 0, size: data.length, declared: data.length };
};

/** An XLSX whose sheet part declares 4 KB but inflates to `megabytes` MB. */
async function lyingXlsx(megabytes: number): Promise<Buffer> {
  const sheet = await deflatedZeros(megabytes);
  return zipOf([
    stored('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    stored('xl/workbook.xml', '<?xml version="1.0"?><workbook/>'),
    { name: 'xl/worksheets/sheet1.xml', data: sheet.data, crc: sheet.crc, method: 8, size: megabytes * MB, declared: 4096 },
  ]);
}

describe('zip bomb with a lying central directory', () => {
  let t: TestApp;
  let acme: Client;
  let bomb: UploadFile;
  let batchId: number;

  beforeAll(async () => {
    t = await createTestApp();
    acme = await login(t.app, 'merchant.admin@example.com');
    const acmeId = await findMerchantId(t.db, 'Acme%');
    const now = new Date().toISOString();
    batchId = (
      await t.db
        .insertInto('batches')
        .values({ merchant_id: acmeId, name: 'Bomb', status: 0, pickup_location_id: null, contents: null, notification_message: null, reminder_message: null, final_reminder_message: null, created_by: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    bomb = { name: 'customers.xlsx', content: await lyingXlsx(300) };
  }, 120_000);
  afterAll(() => t?.close());

  it('the archive is small and declares small sizes', () => {
    expect(bomb.content.length).toBeLessThan(MB);
  });

  it('the guard counts the real bytes, not the declared ones', async () => {
    await expect(assertSafeZip(bomb.content as Buffer)).rejects.toMatchObject({ code: 'import.zip_bomb' });
    // The same lie inflating to 1 MB passes under limits it really stays within: the real count decides.
    await expect(assertSafeZip(await lyingXlsx(1), { maxInflateRatio: 10_000, maxInflatedBytes: 2 * MB })).resolves.toHaveLength(3);
    await expect(assertSafeZip(await lyingXlsx(3), { maxInflateRatio: 10_000, maxInflatedBytes: 2 * MB })).rejects.toMatchObject({ code: 'import.zip_bomb' });
  });

  for (const [label, url] of [
    ['shipment import', () => '/api/shipments/import/upload'],
    ['batch customer import', () => `/api/batches/${batchId}/items/import/upload`],
  ] as const) {
    it(`${label}: coded 413, nothing written, memory flat`, async () => {
      const before = { uploads: await countAll(t.db, 'import_uploads'), items: await countAll(t.db, 'batch_items'), shipments: await countAll(t.db, 'shipments') };
      global.gc?.();
      const rss = process.memoryUsage().rss;
      const res = await upload(acme, bomb, {}, url());
      const grown = process.memoryUsage().rss - rss;
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().code).toBe('import.zip_bomb');
      expect(grown).toBeLessThan(60 * MB);
      expect({ uploads: await countAll(t.db, 'import_uploads'), items: await countAll(t.db, 'batch_items'), shipments: await countAll(t.db, 'shipments') }).toEqual(before);
    });
  }
});
