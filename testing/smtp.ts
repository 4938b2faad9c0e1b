/**
 * A real SMTP server in the test process (the `smtp-server` package), keeping every message it
 * accepts, parsed by `mailparser`. `failNext(n)` refuses the next n messages with a 451 (temporary).
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A message received: parsed, its envelope's recipient, its raw text with headers unfolded, and
 * the bytes as they came (`source`, for a DKIM verifier).
 */
export type Received = ParsedMail & { to_: string; raw: string; source: string };

export type TestSmtp = {
  url: string;
  port: number;
  received: Received[];
  /** Resolves when `n` messages in all have arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  failNext(n: number, code?: number): void;
  close(): Promise<void>;
};

export async function startTestSmtp(port = 0): Promise<TestSmtp> {
  const received: Received[] = [];
  let failures = 0;
  let failCode = 451;
  const waiters: { n: number; resolve: () => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (failures > 0) {
          failures -= 1;
          const error = Object.assign(new Error('Try again later'), { responseCode: failCode });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ').replace(/\r\n/g, '\n');
        void simpleParser(raw).then((mail) => {
          received.push(Object.assign(mail, { to_: session.envelope.rcptTo.map((r) => r.address).join(','), raw: unfolded, source: raw }));
          for (const w of [...waiters]) {
            if (received.length >= w.n) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve();
            }
          }
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    received,
    waitFor: (n, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        if (received.length >= n) return resolve(received);
        const timer = setTimeout(() => reject(new Error(`${received.length}/${n} messages reçus`)), timeoutMs);
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      }),
    failNext: (n, code = 451) => {
      failures = n;
      failCode = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
