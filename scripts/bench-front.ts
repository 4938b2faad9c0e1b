// npm run bench:front — the production server behind the shipped shared caches (deploy/nginx.conf,
// deploy/varnish.vcl), measured with wrk on this machine:
//   1. cached `/` through the nginx cache against nginx serving the same bytes from disk, same run;
//   2. how long a withdrawn news item (its page and the news list) stays visible through nginx
//      (never purged) and through Varnish (purged by tag, CACHE_PURGE=varnish);
//   3–4. release day: 1,000 wrk connections on the news list through Varnish, then through nginx,
//      while a news item scheduled for the next minute goes online: when it shows through the cache,
//      wrk's errors and p99, and how many requests the cache sent to the app.
// Runs its own server on a copy of DATA_DIR (PGlite; or DATABASE_URL as given), on ports
// BENCH_FRONT_PORT…+4 (default 4460). Needs a build (`npm run build`), wrk, nginx and Varnish.
import './load-env';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoAccount } from '../demo/demo-account';
import { ensureFrontCaches, startNginx, startVarnish, type RunningCache } from '../testing/front-caches';
import { load, wrk, type Wrk } from './bench/wrk';
import { startServer, type RunningServer } from '../testing/spawn-server';

const base = Number(process.env.BENCH_FRONT_PORT ?? 4460);
const ports = { origin: base, varnish: base + 1, nginx: base + 2, disk: base + 3, releaseNginx: base + 4 };
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

const line = (w: Wrk) =>
  `${Math.round(w.rps).toLocaleString('en')} req/s, p50 ${w.p50} ms, p99 ${w.p99} ms, ${w.non2xx} non-2xx, ${w.errors} erreurs`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A signed-in editor: the session cookie (server actions) and the bearer token (admin API). */
async function signIn(origin: string) {
  const response = await fetch(`${origin}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoAccount.email, password: demoAccount.password }),
  });
  if (response.status !== 200) throw new Error(`connexion refusée : ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { token } = (await response.json()) as { token: string };
  return { cookie, token };
}

/** Calls a content action (app/admin/(shell)/content-actions.ts) as its form does; returns Next's answer. */
async function action(origin: string, cookie: string, name: string, input: unknown): Promise<string> {
  const manifest = JSON.parse(fs.readFileSync('.next/server/server-reference-manifest.json', 'utf8')) as {
    node: Record<string, { exportedName: string; filename?: string }>;
  };
  const id = Object.entries(manifest.node).find(([, a]) => a.exportedName === name && a.filename?.includes('content-actions'))?.[0];
  if (!id) throw new Error(`action ${name} introuvable`);
  const response = await fetch(`${origin}/admin/news`, {
    method: 'POST',
    headers: { 'Next-Action': id, Accept: 'text/x-component', 'Content-Type': 'text/plain;charset=UTF-8', cookie },
    body: JSON.stringify([input]),
    redirect: 'manual',
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${name} : ${response.status}\n${text.slice(0, 500)}`);
  return text;
}

/** Whether `base`'s news list links to item `id`, and the item's page status. */
async function newsState(baseUrl: string, id: number) {
  const [list, item] = await Promise.all([fetch(`${baseUrl}/actualites`), fetch(`${baseUrl}/actualites/${id}`, { redirect: 'manual' })]);
  await item.arrayBuffer();
  return {
    listed: (await list.text()).includes(`href="/actualites/${id}"`),
    item: item.status,
    cache: list.headers.get('x-cache') ?? list.headers.get('x-cache-status') ?? '',
  };
}

async function until(probe: () => Promise<boolean>, limitMs: number, everyMs = 100): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < limitMs) {
    if (await probe()) return Date.now() - start;
    await sleep(everyMs);
  }
  return Number.NaN;
}

function backendRequests(varnishDir: string): number {
  const out = execFileSync('varnishstat', ['-n', varnishDir, '-1', '-f', 'MAIN.backend_req'], { encoding: 'utf8' });
  return Number(/MAIN\.backend_req\s+(\d+)/.exec(out)?.[1] ?? Number.NaN);
}

async function main() {
  ensureFrontCaches();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'insstat-bench-front-'));
  const caches: RunningCache[] = [];
  let server: RunningServer | undefined;
  try {
    const extraEnv: Record<string, string> = {
      CACHE_PURGE: 'varnish',
      CACHE_PURGE_URL: `http://127.0.0.1:${ports.varnish}/`,
      SITE_URL: `http://127.0.0.1:${ports.origin}`,
      // The app's own delay after a minute is the scheduler's (issue 41); here it looks every second.
      SCHEDULER_SECONDS: process.env.SCHEDULER_SECONDS ?? '1',
    };
    if (!process.env.DATABASE_URL) {
      const data = process.env.DATA_DIR ?? '.data';
      fs.cpSync(data, path.join(work, 'data'), { recursive: true });
      fs.rmSync(path.join(work, 'data', 'pglite.lock'), { force: true });
      extraEnv.DATA_DIR = path.join(work, 'data');
    }
    server = await startServer({ port: ports.origin, extraEnv });
    const origin = server.baseUrl;
    const html = Buffer.from(await (await fetch(`${origin}/`)).arrayBuffer());
    fs.mkdirSync(path.join(work, 'disk'));
    fs.writeFileSync(path.join(work, 'disk', 'index.html'), html);
    // nginx's workers (nobody, when started by root) read it.
    for (const p of [work, path.join(work, 'disk')]) fs.chmodSync(p, 0o755);
    fs.chmodSync(path.join(work, 'disk', 'index.html'), 0o644);
    const nginx = await startNginx({
      port: ports.nginx,
      origin: `127.0.0.1:${ports.origin}`,
      // The reference: the same bytes from disk, same nginx, same workers.
      extra: `server { listen 127.0.0.1:${ports.disk}; root ${path.join(work, 'disk')}; location = / { try_files /index.html =404; } }`,
    });
    caches.push(nginx);
    const varnish = await startVarnish({ port: ports.varnish, originPort: ports.origin });
    caches.push(varnish);
    const reference = await fetch(`http://127.0.0.1:${ports.disk}/`);
    const referenceBytes = (await reference.arrayBuffer()).byteLength;
    if (reference.status !== 200 || referenceBytes !== html.length)
      throw new Error(`copie sur disque : ${reference.status}, ${referenceBytes} octets au lieu de ${html.length}`);
    const varnishDir = varnish.workDir;

    // Alternated in three rounds (cache, disk; disk, cache; cache, disk), so a burst of other work on
    // the shared cores weighs on both sides rather than on whichever ran during it.
    const round = Math.max(1, Math.round(seconds / 3));
    console.log(
      `\n1. \`/\` (${(html.length / 1024).toFixed(1)} KB), 50 connexions, 3 × ${round} s de chaque, en alternance — charge ${load()}`,
    );
    for (let i = 0; i < 3; i++) await (await fetch(`${nginx.baseUrl}/`)).arrayBuffer();
    // A round of each first, not counted: the server's own start-up work (it logs a 1–2 s stall just
    // after it starts) took the cores from nginx's first counted round (cache 0.60× there, 0.8–0.96× after).
    const warm = [await wrk(`${nginx.baseUrl}/`, 50, round), await wrk(`http://127.0.0.1:${ports.disk}/`, 50, round)];
    console.log(`   échauffement (non compté) : cache nginx ${line(warm[0]!)} | disque ${line(warm[1]!)}`);
    const runs: { cached: Wrk[]; disk: Wrk[] } = { cached: [], disk: [] };
    for (const order of [
      ['cached', 'disk'],
      ['disk', 'cached'],
      ['cached', 'disk'],
    ] as const) {
      for (const side of order) {
        const url = side === 'cached' ? `${nginx.baseUrl}/` : `http://127.0.0.1:${ports.disk}/`;
        runs[side].push(await wrk(url, 50, round, { timeout: '5s' }));
      }
    }
    const total = (list: Wrk[]) => list.reduce((sum, w) => sum + w.rps, 0);
    for (let i = 0; i < 3; i++) console.log(`   tour ${i + 1} : cache nginx ${line(runs.cached[i]!)} | disque ${line(runs.disk[i]!)}`);
    console.log(
      `   rapport (somme des trois tours) : ${(total(runs.cached) / total(runs.disk)).toFixed(2)}× (objectif ≥ 0,8×) — charge ${load()}`,
    );

    console.log('\n2. Retrait d’une actualité (sa page et la liste)');
    const { cookie, token } = await signIn(origin);
    const bulk = async (id: number, act: string) => {
      const r = await fetch(`${origin}/api/admin/news/bulk`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ action: act, ids: [id] }),
      });
      if (r.status !== 200) throw new Error(`bulk ${act} : ${r.status} ${await r.text()}`);
    };
    const create = async (title: string) => {
      const created = await action(origin, cookie, 'saveItemAction', {
        area: 'news',
        values: { title, excerpt: 'Essai.', body: '<p>Essai.</p>' },
      });
      const id = Number(/"id":(\d+)/.exec(created)?.[1]);
      const version = Number(/"version":(\d+)/.exec(created)?.[1]);
      if (!(id > 0)) throw new Error(`création refusée : ${created.slice(0, 300)}`);
      return { id, version };
    };
    const { id: withdrawn } = await create(`Banc retrait ${Date.now().toString(36)}`);
    await bulk(withdrawn, 'publish');
    for (const cache of [nginx, varnish])
      await until(async () => {
        const s = await newsState(cache.baseUrl, withdrawn);
        return s.listed && s.item === 200 && s.cache === 'HIT';
      }, 30_000);
    await bulk(withdrawn, 'unpublish');
    const [viaNginx, viaVarnish] = await Promise.all(
      [nginx, varnish].map((cache) =>
        until(
          async () => {
            const s = await newsState(cache.baseUrl, withdrawn);
            return !s.listed && s.item === 404;
          },
          30_000,
          50,
        ),
      ),
    );
    console.log(`   nginx (sans purge) : ${viaNginx} ms ; Varnish (purgé) : ${viaVarnish} ms — charge ${load()}`);
    await bulk(withdrawn, 'trash');

    // Release day through each: Varnish purged by the app, nginx never purged (its copies end at the
    // minute: the app caps their life at the next due time).
    const releaseNginx = await startNginx({ port: ports.releaseNginx, origin: `127.0.0.1:${ports.origin}`, countOrigin: true });
    caches.push(releaseNginx);
    const fronts = [
      { name: 'Varnish', cache: varnish, originRequests: () => backendRequests(varnishDir) },
      { name: 'nginx', cache: releaseNginx, originRequests: releaseNginx.originRequests },
    ];
    for (const [i, front] of fronts.entries()) {
      console.log(`\n${3 + i}. Jour de parution : 1 000 connexions sur /actualites à travers ${front.name}`);
      const title = `Banc parution ${Date.now().toString(36)}`;
      const draft = await create(title);
      const at = new Date(Math.ceil((Date.now() + 25_000) / 60_000) * 60_000);
      await action(origin, cookie, 'changeItemAction', {
        area: 'news',
        id: draft.id,
        version: draft.version,
        action: 'schedule',
        at: at.toISOString().slice(0, 16),
      });
      const wait = at.getTime() - Date.now();
      const runFor = Math.ceil((wait + 15_000) / 1000);
      const before = front.originRequests();
      console.log(`   programmée pour ${at.toISOString()} ; wrk pendant ${runFor} s, à partir de ${Math.round(wait / 1000)} s avant`);
      const crowd = wrk(`${front.cache.baseUrl}/actualites`, 1000, runFor, { timeout: '5s' });
      let viaCache = Number.NaN;
      let direct = Number.NaN;
      const watch = async () => {
        while (Date.now() < at.getTime() + 60_000 && (Number.isNaN(viaCache) || Number.isNaN(direct))) {
          const [v, d] = await Promise.all([newsState(front.cache.baseUrl, draft.id), newsState(origin, draft.id)]);
          if (Number.isNaN(viaCache) && v.listed) viaCache = Date.now() - at.getTime();
          if (Number.isNaN(direct) && d.listed) direct = Date.now() - at.getTime();
          await sleep(100);
        }
      };
      const [result] = await Promise.all([crowd, watch()]);
      const originSaw = front.originRequests() - before;
      console.log(
        `   visible à travers ${front.name} ${(viaCache / 1000).toFixed(2)} s après la minute (sur le site : ${(direct / 1000).toFixed(2)} s)`,
      );
      console.log(`   lecteurs : ${line(result)}`);
      console.log(`   requêtes reçues par le site (de ${front.name}, bancs de mesure compris) : ${originSaw} — charge ${load()}`);
      await bulk(draft.id, 'trash').catch(() => undefined);
    }
  } finally {
    for (const cache of caches.reverse()) await cache.stop();
    await server?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
