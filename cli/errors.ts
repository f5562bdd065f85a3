import type { Translate } from '../core/validation.js';

/** A refusal or invalid input: printed on stderr, exit code 1. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

/** Ends the command with this exit code; whatever it had to say is already printed (e.g. 2 = partial import). */
export class CliExit extends Error {
  constructor(readonly exitCode: number) {
    super(`exit ${exitCode}`);
    this.name = 'CliExit';
  }
}

const FILE_PROBLEMS = new Set(['ENOENT', 'EISDIR', 'ENOTDIR', 'EACCES', 'EPERM']);

/**
 * A file the operator named (an import's input, an --out file) that cannot be read or written: missing, a directory,
 * or not permitted, said in the operator's language with the path. Before, a missing import file read "The file
 * could not be read. Check that it is a valid spreadsheet." and the others "unexpected error: EISDIR: illegal
 * operation on a directory, read". Undefined for any other error.
 */
export function fileProblem(error: unknown, t: Translate): string | undefined {
  const { code, path } = (error ?? {}) as NodeJS.ErrnoException;
  if (typeof path !== 'string' || !code || !FILE_PROBLEMS.has(code)) return undefined;
  return t(`cli.file_problem.${code === 'EPERM' ? 'EACCES' : code}`, { file: path });
}
