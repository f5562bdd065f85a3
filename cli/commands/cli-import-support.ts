/** Helpers shared by the import, export and template commands: ids, coded errors in words, progress, reports. */
import { isDomainError } from '../../core/errors.js';
import type { ImportRowError } from '../../core/import/rows.js';
import { translateRowErrors } from '../../core/import/rows.js';
import type { Translate } from '../../core/validation.js';
import { CliError } from '../errors.js';
import { processIo, type CliIo } from '../io.js';

export function positiveId(t: Translate, value: string, option: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(String(value).trim()) || n < 1) throw new CliError(t('cli.option_not_id', { option, value }));
  return n;
}

/** A coded domain error becomes a CLI error with its message (in the operator's language) and code. */
export async function explained<T>(t: Translate, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isDomainError(error)) {
      const fields = error.problems ? Object.entries(error.problems).map(([f, p]) => ` ${f}: ${t(p.key, p.params)}`).join(';') : '';
      throw new CliError(`${t(`errors.${error.code}`, error.params).trim()} [${error.code}]${fields}`);
    }
    throw error;
  }
}

/** A progress line with rows/s on stderr, only on a terminal (never in pipes or tests). */
export function progress(io: CliIo, t: Translate) {
  const tty = io === processIo && Boolean(process.stderr.isTTY);
  const started = Date.now();
  let last = 0;
  return {
    tick(rows: number) {
      if (!tty || Date.now() - last < 200) return;
      last = Date.now();
      const rate = Math.round(rows / Math.max(0.001, (Date.now() - started) / 1000));
      process.stderr.write(`\r  ${t('cli.import_progress', { rows, rate })}   `);
    },
    done(rows: number) {
      if (!tty) return;
      const seconds = (Date.now() - started) / 1000;
      const rate = Math.round(rows / Math.max(seconds, 0.001));
      process.stderr.write(`\r  ${t('cli.import_progress_done', { rows, seconds: seconds.toFixed(1), rate })}\n`);
    },
  };
}

/** The per-row error report: a fixed-width table (at most `limit` lines, then a count of the rest). */
export function errorTable(errors: readonly ImportRowError[], t: Translate, limit = 200): string[] {
  if (!errors.length) return [];
  const rows = translateRowErrors(errors.slice(0, limit), t).map((e) => [String(e.row), e.column, e.code, e.message]);
  const head = ['row', 'column', 'code', 'message'];
  const widths = head.map((h, i) => Math.min(40, Math.max(h.length, ...rows.map((r) => r[i].length))));
  const line = (cells: string[]) => cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]) : c)).join('  ');
  const out = [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
  if (errors.length > limit) out.push(t('cli.import_more_problems', { count: errors.length - limit }));
  return out;
}

export const jsonErrors = (errors: readonly ImportRowError[], t: Translate) =>
  translateRowErrors(errors, t).map((e) => ({ row: e.row, column: e.column, code: e.code, message: e.message, value: e.value }));

/** Exit codes: 0 everything imported (or would be), 1 nothing, 2 partial. */
export const exitCodeFor = (imported: number, total: number) => (imported === 0 ? 1 : imported < total ? 2 : 0);
