import { SMTPServer } from 'smtp-server';
import nodemailer from 'nodemailer';
const server = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], disableReverseLookup: true, logger: false, onData(s, _x, cb) { s.on('data', () => {}); s.on('end', () => cb()); } });
await new Promise<void>((d) => server.listen(0, '127.0.0.1', d));
const port = (server.server.address() as any).port;
for (const url of [`smtp://127.0.0.1:${port}?ignoreTLS=true`, `smtp://127.0.0.1:${port}?ignoreTLS=true&pool=true`]) {
  const t = nodemailer.createTransport(url);
  const s = performance.now();
  for (let i = 0; i < 20; i++) await t.sendMail({ from: 'a@b.c', to: 'x@y.z', subject: 'hi', text: 'hello' });
  console.log(url, ((performance.now() - s) / 20).toFixed(1), 'ms/msg');
  t.close();
}
server.close();
