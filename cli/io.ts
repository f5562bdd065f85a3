/** Where a command reads and writes: the process by default, a fake in unit tests. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  readStdin(): Promise<string>;
  env: NodeJS.ProcessEnv;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

export const processIo: CliIo = {
  out: (line) => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
  readStdin: () => readAll(process.stdin),
  env: process.env,
};
