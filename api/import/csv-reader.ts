/**
 * Streams a CSV file as rows of strings: delimiter detected among , ; and tab, UTF-8 with or without a
 * BOM, Windows-1252 when the bytes are not valid UTF-8, quoted fields with newlines.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { parse } from 'csv-parse';
import { DomainError } from '../../core/errors.js';
import type { ReadRow } from '../../core/import/rows.js';

export type CsvEncoding = 'utf-8' | 'windows-1252';
const DELIMITERS = [',', ';', '\t'] as const;

/** Validates UTF-8 over the whole stream without keeping it; any invalid sequence means Windows-1252. */
export async function detectEncoding(chunks: AsyncIterable<Uint8Array>): Promise<CsvEncoding> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of chunks) decoder.decode(chunk, { stream: true });
    decoder.decode();
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** The delimiter that splits the first record (outside quotes) into the most columns; comma on a tie. */
export function detectDelimiter(sample: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (let i = 0; i < sample.length; i++) {
    const ch = sample[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/** Decodes a byte stream to text chunks in the given encoding (keeps multi-byte sequences across chunks). */
function decodeStream(encoding: CsvEncoding): Transform {
  const decoder = new TextDecoder(encoding);
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _enc, done) {
      done(null, decoder.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, decoder.decode());
    },
  });
}

export interface CsvSource {
  /** Opens a fresh byte stream each time (the file is read twice: encoding check, then parse). */
  open(): Readable;
  /** The first bytes, for delimiter sniffing. */
  head(bytes: number): Promise<Buffer>;
}

export function fileCsvSource(path: string): CsvSource {
  return {
    open: () => createReadStream(path, { highWaterMark: 256 * 1024 }),
    head: (bytes) => readFileHead(path, bytes),
  };
}

/** The first `bytes` bytes of a file (fewer when it is shorter). */
export async function readFileHead(path: string, bytes: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export function bufferCsvSource(buffer: Buffer): CsvSource {
  return { open: () => Readable.from([buffer]), head: async (bytes) => buffer.subarray(0, bytes) };
}

export async function* readCsvRows(source: CsvSource): AsyncGenerator<ReadRow> {
  const encoding = await detectEncoding(source.open());
  const head = await source.head(64 * 1024);
  const sample = new TextDecoder(encoding).decode(head).replace(/^\uFEFF/, '');
  const parser = source.open().pipe(decodeStream(encoding)).pipe(
    parse({
      delimiter: detectDelimiter(sample),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      // One record may not hold the process hostage: 1 MB is far beyond any real row.
      max_record_size: 1024 * 1024,
    }),
  );
  let n = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      n++;
      yield { row: n, cells: record };
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError('import.unreadable', (error as Error).message);
  } finally {
    parser.destroy();
  }
}
