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
