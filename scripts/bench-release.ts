// npm run bench:release — release day on Postgres (issue 41): a new IPI value « avec une parution du
// calendrier », the release confirmed for a coming minute and approved as a whole, arranged through
// the product's own functions (lib/releases, lib/series/versions: what the back-office's actions call)
// by this process acting as a second app instance (its cache-tag bumps reach the server as another
// instance's would: LISTEN/NOTIFY). Twice: quiet, then with 1,000 keep-alive readers (wrk) on the
// release page. Each time it prints, counted from the release's minute:
//   - the release row published in the database, the cache tags bumped (`cache_tags`);
//   - the release page and the series page showing it to a reader reloading them on an open
//     connection, and to newcomers (a new connection per request);
//   - under the load: readers' p99 (wrk), newcomers' median and p95 wait, timed-out requests (wrk's
//     default 2 s timeout, and newcomers over 2 s).
// Uses DATABASE_URL when given (a database it may write to: it adds a release and an IPI version),
// else starts a throwaway cluster of Debian's PostgreSQL (root) seeded with the demo. The server is
// the production build (`npm run build` first), SERVER_WORKERS=auto (one per core) unless set.
import './load-env';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startPostgresCluster, type PostgresCluster } from '../testing/postgres-cluster';
import { load, wrk } from './bench/wrk';
import { startServer, freePort, type RunningServer } from '../testing/spawn-server';

const readersCount = Number(process.env.BENCH_READERS ?? 1000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const s = (ms: number) => (Number.isFinite(ms) ? `${ms >= 0 ? '+' : ''}${(ms / 1000).toFixed(1)} s` : 'jamais (60 s)');

/** One GET: its body and how long it took; `agent: false` opens a new connection (a newcomer). */
function get(url: string, agent: http.Agent | false, timeoutMs = 10_000): Promise<{ ms: number; status: number; body: string }> {
  const start = performance.now();
  return new Promise((resolve) => {
    const request = http.get(url, { agent, timeout: timeoutMs }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (c: string) => (body += c));
      response.on('end', () => resolve({ ms: performance.now() - start, status: response.statusCode ?? 0, body }));
      response.on('error', () => resolve({ ms: performance.now() - start, status: 0, body: '' }));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve({ ms: performance.now() - start, status: 0, body: '' }));
  });
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : Number.NaN;
};

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'insstat-bench-release-'));
  let cluster: PostgresCluster | undefined;
  let server: RunningServer | undefined;
  try {
    if (!process.env.DATABASE_URL) {
      console.log('Pas de DATABASE_URL : cluster PostgreSQL jetable, contenu de démonstration…');
      cluster = await startPostgresCluster();
      process.env.DATABASE_URL = cluster.url;
    }
    // Files of the demo (and the server's page cache) in a folder of this run.
    process.env.DATA_DIR = path.join(work, 'data');
    const seeded = spawnSync('npm', ['run', '--silent', 'db:seed'], { stdio: ['ignore', 'ignore', 'inherit'], env: process.env });
    if (seeded.status !== 0) throw new Error('npm run db:seed a échoué.');

    // Imported now: lib/env reads DATABASE_URL once.
    const { openDatabase } = await import('@/lib/db/open');
    const { releases, users } = await import('@/lib/db/schema');
    const { createRelease, changeRelease } = await import('@/lib/releases/mutations');
    const { reviewRelease } = await import('@/lib/releases/review');
    const { publishVersions } = await import('@/lib/series/versions');
    const { createTagStore } = await import('@/lib/cache/tag-store');
    const { queryRows } = await import('@/lib/db/raw');
    const { demoAccount } = await import('../demo/demo-account');
    const { eq, sql } = await import('drizzle-orm');

    const database = await openDatabase();
    const { db } = database;
    // This process is another instance: its bumps are announced to the server (LISTEN/NOTIFY).
    const tagStore = createTagStore({ db, listenUrl: process.env.DATABASE_URL });
    const [admin] = await db
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(eq(users.email, demoAccount.email));
    if (!admin) throw new Error('Compte de démonstration introuvable.');
    const actor = { user: admin, ip: null };

    const port = await freePort();
    server = await startServer({
      port,
      extraEnv: {
        DATABASE_URL: process.env.DATABASE_URL!,
        DATA_DIR: process.env.DATA_DIR,
        SITE_URL: `http://127.0.0.1:${port}`,
        SERVER_WORKERS: process.env.SERVER_WORKERS ?? 'auto',
      },
    });
    const origin = server.baseUrl;
    const { seriesPath } = await import('@/lib/content/addresses');
    const seriesUrl = `${origin}${seriesPath({ area: 'ipi', code: 'IPI' })}`;
    if ((await get(seriesUrl, false)).status !== 200) throw new Error(`${seriesUrl} ne répond pas 200`);

    /** Arranges one release for `at` carrying a new IPI value; returns what to look for. */
    let round = 0;
    const arrange = async (at: Date) => {
      round++;
      const [last] = await queryRows<{ period: string }>(
        db,
        sql`select max(o.period)::text as period from observations o join series s on s.id = o.series_id where s.code = 'IPI'`,
      );
      const [y, m] = (last?.period ?? '2026-01-01').split('-').map(Number) as [number, number];
      const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
      const value = 700 + round * 11.1;
      const title = `Indice de la production industrielle, banc ${Date.now().toString(36)}`;
      const made = await createRelease(db, {
        input: { title, area: 'ipi', scheduledAt: new Date(at.getTime() + 86_400_000), provisionalLabel: null, contact: '' },
        actor,
      });
      if (!made.ok) throw new Error(made.error);
      const tags = [...made.tags];
      const versions = await publishVersions(db, {
        values: new Map([['IPI', [{ period: next, value, status: 'A' as const }]]]),
        releaseId: made.id,
        kind: 'revision',
        reason: '',
        actor,
        approver: true,
      });
      if (!versions.ok) throw new Error(versions.error);
      tags.push(...versions.tags);
      const version = async () => (await db.select({ v: releases.version }).from(releases).where(eq(releases.id, made.id)))[0]!.v;
      const confirmed = await changeRelease(db, {
        id: made.id,
        expectedVersion: await version(),
        change: { kind: 'confirm', scheduledAt: at },
        actor,
      });
      if (!confirmed.ok) throw new Error(confirmed.error);
      tags.push(...confirmed.tags);
      const approved = await reviewRelease(db, { id: made.id, expectedVersion: await version(), step: 'approve', actor });
      if (!approved.ok) throw new Error(approved.error);
      tags.push(...approved.tags);
      await tagStore.bump(tags);
      // What shows it: the release page's « what was published », the value on the series page (one decimal, French comma).
      return {
        id: made.id,
        releaseUrl: `${origin}/calendrier/${made.slug}`,
        out: 'Ce qui a été publié',
        shown: value.toFixed(1).replace('.', ','),
      };
    };

    const scenario = async (label: string, readers: number) => {
      const at = new Date(Math.ceil((Date.now() + 45_000) / 60_000) * 60_000);
      const target = await arrange(at);
      const before = await get(target.releaseUrl, false);
      const seriesBefore = await get(seriesUrl, false);
      if (before.status !== 200 || before.body.includes(target.out) || seriesBefore.body.includes(target.shown))
        throw new Error(`la parution se voit avant la minute (ou sa page ne répond pas : ${before.status})`);
      console.log(`\n${label} — parution à ${at.toISOString()} (${Math.round((at.getTime() - Date.now()) / 1000)} s), charge ${load()}`);

      const crowd = readers > 0 ? wrk(target.releaseUrl, readers, Math.ceil((at.getTime() - Date.now() + 30_000) / 1000)) : null;
      const found: Record<string, number> = {};
      const mark = (key: string, ok: boolean) => {
        if (ok && found[key] === undefined) found[key] = Date.now() - at.getTime();
      };
      const open = new http.Agent({ keepAlive: true, maxSockets: 2 });
      const newcomers: number[] = [];
      let newcomerTimeouts = 0;
      let early = false;
      const deadline = at.getTime() + 60_000;
      const done = () => ['row', 'tags', 'openRelease', 'openSeries', 'newRelease', 'newSeries'].every((k) => found[k] !== undefined);
      // Newcomers: one new connection every 250 ms from 10 s before the minute, each timed, not waiting for the previous.
      const newcomerLoop = (async () => {
        while (Date.now() < at.getTime() - 10_000) await sleep(50);
        const pending: Promise<void>[] = [];
        while (Date.now() < deadline && !(done() && Date.now() > at.getTime() + 15_000)) {
          const url = pending.length % 2 ? seriesUrl : target.releaseUrl;
          pending.push(
            get(url, false).then((r) => {
              newcomers.push(r.ms);
              if (r.ms > 2_000 || r.status === 0) newcomerTimeouts++;
              if (r.status === 200)
                mark(url === seriesUrl ? 'newSeries' : 'newRelease', r.body.includes(url === seriesUrl ? target.shown : target.out));
            }),
          );
          await sleep(250);
        }
        await Promise.all(pending);
      })();
      // The database, polled every 100 ms: the release row, then the cache tags' last bump.
      const databaseLoop = (async () => {
        while (Date.now() < deadline && (found.row === undefined || found.tags === undefined)) {
          const [row] = await db.select({ status: releases.status }).from(releases).where(eq(releases.id, target.id));
          mark('row', row?.status === 'published');
          const [tags] = await queryRows<{ at: string | null }>(db, sql`select max(revalidated_at)::text as at from cache_tags`);
          const bumped = tags?.at ? new Date(tags.at.replace(' ', 'T').replace(/\+00$/, 'Z')).getTime() : 0;
          if (bumped >= at.getTime() && found.tags === undefined) found.tags = bumped - at.getTime();
          await sleep(100);
        }
      })();
      // A reader reloading both pages on an open connection, every 200 ms.
      while (Date.now() < deadline && !done()) {
        const [page, series] = await Promise.all([get(target.releaseUrl, open), get(seriesUrl, open)]);
        if (Date.now() < at.getTime() && (page.body.includes(target.out) || series.body.includes(target.shown))) early = true;
        mark('openRelease', page.body.includes(target.out));
        mark('openSeries', series.body.includes(target.shown));
        await sleep(200);
      }
      await databaseLoop;
      await newcomerLoop;
      if (process.env.BENCH_DUMP) {
        fs.writeFileSync(`${process.env.BENCH_DUMP}-release.html`, (await get(target.releaseUrl, false)).body);
        fs.writeFileSync(`${process.env.BENCH_DUMP}-series.html`, (await get(seriesUrl, false)).body);
      }
      open.destroy();
      const readersResult = crowd ? await crowd : null;
      const at0 = (k: string) => s(found[k] ?? Number.NaN);
      console.log(`   ligne de la parution publiée en base        ${at0('row')}`);
      console.log(`   étiquettes de cache relevées (cache_tags)   ${at0('tags')}`);
      console.log(`   page de la parution / page de la série, lecteur qui recharge : ${at0('openRelease')} / ${at0('openSeries')}`);
      console.log(`   page de la parution / page de la série, nouveau venu         : ${at0('newRelease')} / ${at0('newSeries')}`);
      console.log(
        `   nouveaux venus : ${newcomers.length} requêtes, attente médiane ${Math.round(quantile(newcomers, 0.5))} ms, ` +
          `p95 ${Math.round(quantile(newcomers, 0.95))} ms, ${newcomerTimeouts} au-delà de 2 s`,
      );
      if (readersResult)
        console.log(
          `   ${readers} lecteurs connectés (wrk) : ${Math.round(readersResult.rps)} req/s, p50 ${readersResult.p50} ms, ` +
            `p99 ${readersResult.p99} ms, ${readersResult.timeouts} requêtes expirées (2 s), ${readersResult.errors} erreurs, ` +
            `${readersResult.non2xx} non-2xx`,
        );
      console.log(`   vue avant la minute : ${early ? 'OUI (embargo rompu)' : 'non'} — charge ${load()}`);
      return target.releaseUrl;
    };

    if (!process.env.BENCH_ONLY_LOAD) await scenario('1. Au calme', 0);

    const released = await scenario(`2. Sous ${readersCount} lecteurs (wrk, keep-alive) sur la page de la parution`, readersCount);
    // The same load on the same page a minute later, nothing released: what readers get on an ordinary minute.
    const ordinary = readersCount > 0 ? await wrk(released, readersCount, 20) : null;
    if (ordinary)
      console.log(
        `\nRéférence : ${readersCount} lecteurs 20 s sur la même page, sans parution : ${Math.round(ordinary.rps)} req/s, ` +
          `p50 ${ordinary.p50} ms, p99 ${ordinary.p99} ms, ${ordinary.timeouts} requêtes expirées (2 s), ${ordinary.errors} erreurs — charge ${load()}`,
      );
    await tagStore.close();
    await database.close();
  } finally {
    await server?.stop();
    cluster?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
