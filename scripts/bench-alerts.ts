// npm run bench:alerts — 10,000 confirmed subscribers of one area notified of one release, through a
// local SMTP server (`smtp-server`, in this process), by the production server's own scheduler and
// outbox (SMTP_URL pointed at it). Measures the time from the release's minute to the last message
// accepted, and readers' latency of `/` (autocannon) before and while the messages go out.
// Uses the current DATA_DIR / DATABASE_URL and cleans up after itself (subscribers, release, events).
// BENCH_ALERTS_SUBSCRIBERS changes the number (default 10000); BENCH_ALERTS_READERS_RATE the readers'
// steady load on `/` in requests per second (default 200; 0: as fast as 10 connections go, which
// saturates a 2-core machine and measures the worst case rather than readers).
import './load-env';
import { randomBytes } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { alertEvents, alertSubscribers } from '@/lib/alerts/schema';
import { openDatabase } from '@/lib/db/open';
import { releases } from '@/lib/db/schema';
import { autocannon } from './autocannon';
import { startServer } from '../testing/spawn-server';

const N = Number(process.env.BENCH_ALERTS_SUBSCRIBERS ?? 10_000);
const READERS = 10;
const RATE = Number(process.env.BENCH_ALERTS_READERS_RATE ?? 200);
const SLICE_SECONDS = 10;
const LIMIT_MS = 10 * 60_000;
const id = randomBytes(3).toString('hex');
const domain = `bench-${id}.invalid`;

let received = 0;
let lastAt = 0;
let firstAt = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  // Counts what arrives (the bench's own CPU goes to the server under test, not to parsing).
  onData(stream, _session, callback) {
    stream.resume();
    stream.on('end', () => {
      received += 1;
      lastAt = Date.now();
      firstAt ||= lastAt;
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as { port: number }).port;

async function withDb<T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase();
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

// The subscribers and a release due in 40 s (time for the server to start), approved, in area ipc.
const t0 = Date.now();
const at = new Date(Math.ceil((Date.now() + 40_000) / 1000) * 1000);
const releaseId = await withDb(async (db) => {
  for (let i = 0; i < N; i += 1000) {
    await db.insert(alertSubscribers).values(
      Array.from({ length: Math.min(1000, N - i) }, (_, k) => ({
        email: `lecteur-${i + k}@${domain}`,
        areas: ['ipc'],
        locale: (i + k) % 5 === 0 ? 'en' : 'fr',
        confirmedAt: new Date(),
      })),
    );
  }
  const [row] = await db
    .insert(releases)
    .values({
      slug: `bench-alertes-${id}`,
      area: 'ipc',
      title: `Banc d’essai des alertes ${id}`,
      scheduledAt: at,
      status: 'confirmed',
      review: 'approved',
    })
    .returning({ id: releases.id });
  return row!.id;
});
console.log(`${N} abonnés confirmés et une parution à ${at.toISOString()} écrits en ${((Date.now() - t0) / 1000).toFixed(1)} s.`);

const server = await startServer({ extraEnv: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'Banc <alertes@bench.invalid>' } });
type Slice = { p50: number; p99: number; rps: number; non2xx: number; errors: number };
const read = async (): Promise<Slice> => {
  const r = await autocannon({
    url: `${server.baseUrl}/`,
    connections: READERS,
    duration: SLICE_SECONDS,
    ...(RATE > 0 ? { overallRate: RATE } : {}),
  });
  return { p50: r.latency.p50, p99: r.latency.p99, rps: Math.round(r.requests.average), non2xx: r.non2xx, errors: r.errors };
};
try {
  await read(); // warm-up
  const before = Date.now() < at.getTime() - SLICE_SECONDS * 1000 ? await read() : null;
  while (Date.now() < at.getTime()) await new Promise((r) => setTimeout(r, 200));
  const during: Slice[] = [];
  while (received < N && Date.now() - at.getTime() < LIMIT_MS) during.push(await read());
  const worst = during.reduce((m, s) => Math.max(m, s.p99), 0);
  const seconds = (lastAt - at.getTime()) / 1000;
  console.log('');
  console.log(`Messages reçus : ${received} / ${N}`);
  console.log(`Premier message : ${((firstAt - at.getTime()) / 1000).toFixed(1)} s après la minute de parution`);
  console.log(
    `Dernier message : ${seconds.toFixed(1)} s après la minute de parution (objectif < 300 s) — ${(received / seconds).toFixed(0)} messages/s`,
  );
  if (before)
    console.log(
      `Lecteurs, / avant l’envoi (${READERS} connexions, ${RATE > 0 ? `${RATE} req/s` : 'au plus vite'}) : p50 ${before.p50} ms, p99 ${before.p99} ms, ${before.rps} req/s`,
    );
  for (const [i, s] of during.entries())
    console.log(
      `Lecteurs, / pendant l’envoi, tranche ${i + 1} (${SLICE_SECONDS} s) : p50 ${s.p50} ms, p99 ${s.p99} ms, ${s.rps} req/s, ${s.non2xx} non-2xx, ${s.errors} erreurs`,
    );
  console.log(`p99 le plus haut pendant l’envoi : ${worst} ms`);
  if (received < N) process.exitCode = 1;
} finally {
  await server.stop();
  smtp.close();
  await withDb(async (db) => {
    await db.delete(alertSubscribers).where(like(alertSubscribers.email, `%@${domain}`));
    await db.delete(alertEvents).where(eq(alertEvents.key, `release:${releaseId}`));
    await db.delete(releases).where(eq(releases.id, releaseId));
  });
}
