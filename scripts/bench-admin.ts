/**
 * The back-office part of `npm run bench`: the admin list of an area holding 10 000 publications
 * (seeded here as drafts before the server starts, removed afterwards), and the time from a
 * publish to the public page showing it; readers' latency while an editor saves every second.
 */
import { and, eq, like } from 'drizzle-orm';
import { openDatabase } from '@/lib/db/open';
import { publications } from '@/lib/db/schema';
import { demoAccount } from '@/demo/demo-account';
import { autocannon } from './autocannon';

export const BENCH_AREA = 'ipc';
const PREFIX = 'bench-10k-';
const COUNT = Number(process.env.BENCH_ADMIN_ROWS ?? 10_000);

/** Inserts the drafts (needs the database to itself: run before the server starts). */
export async function seedBenchPublications(): Promise<void> {
  const database = await openDatabase();
  try {
    await database.db.delete(publications).where(and(eq(publications.area, BENCH_AREA), like(publications.slug, `${PREFIX}%`)));
    const start = Date.UTC(2000, 0, 1);
    for (let i = 0; i < COUNT; i += 1000) {
      await database.db.insert(publications).values(
        Array.from({ length: Math.min(1000, COUNT - i) }, (_, k) => {
          const n = i + k + 1;
          const at = new Date(start + n * 3_600_000);
          return {
            area: BENCH_AREA,
            slug: `${PREFIX}${n}`,
            title: `Note de banc d’essai n° ${n} sur les prix`,
            status: 'draft' as const,
            createdAt: at,
            updatedAt: at,
          };
        }),
      );
    }
  } finally {
    await database.close();
  }
}

export async function removeBenchPublications(): Promise<void> {
  const database = await openDatabase();
  try {
    await database.db.delete(publications).where(and(eq(publications.area, BENCH_AREA), like(publications.slug, `${PREFIX}%`)));
  } finally {
    await database.close();
  }
}

async function token(baseUrl: string): Promise<string | null> {
  const login = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: demoAccount.email, password: demoAccount.password }),
  });
  return login.status === 200 ? ((await login.json()) as { token: string }).token : null;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? 0;

export async function benchAdmin(baseUrl: string): Promise<Record<string, string | number>> {
  const bearer = await token(baseUrl);
  if (!bearer) return { ignoré: 'connexion du compte de démonstration impossible' };
  const headers = { Authorization: `Bearer ${bearer}` };

  // The admin list: first page, a later page, a search, a status filter — 20 times each.
  const cases: [string, string][] = [
    ['1re page', ''],
    ['page 200', '&page=200'],
    ['recherche « n° 9999 »', `&q=${encodeURIComponent('n° 9999')}`],
    ['brouillons, tri par titre', '&status=draft&sort=title&dir=asc'],
  ];
  const out: Record<string, string | number> = {};
  let total = 0;
  for (const [label, query] of cases) {
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/admin/publications?area=${BENCH_AREA}${query}`, { headers });
      const body = (await response.json()) as { total?: number };
      times.push(performance.now() - started);
      if (response.status !== 200) return { erreur: `liste : ${response.status}` };
      if (!query) total = body.total ?? 0;
    }
    out[`liste admin, ${label} (ms, médiane / p95)`] = `${median(times).toFixed(1)} / ${p95(times).toFixed(1)}`;
  }
  out['publications dans la rubrique'] = total;

  // Publish one draft and poll its public page until it answers 200.
  const list = (await (
    await fetch(`${baseUrl}/api/admin/publications?area=${BENCH_AREA}&q=${encodeURIComponent('n° 42 ')}`, { headers })
  ).json()) as {
    items: { id: number; slug: string }[];
  };
  const target = list.items[0];
  if (!target) return { ...out, erreur: 'brouillon de test introuvable' };
  const publicUrl = `${baseUrl}/indice/ipc/${target.slug}`;
  const before = await fetch(publicUrl);
  await before.arrayBuffer();
  const started = performance.now();
  const publish = await fetch(`${baseUrl}/api/admin/publications/bulk`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ action: 'publish', ids: [target.id] }),
  });
  if (publish.status !== 200) return { ...out, erreur: `publication : ${publish.status} ${await publish.text()}` };
  const published = performance.now();
  let visible = 0;
  for (let i = 0; i < 200; i++) {
    const response = await fetch(publicUrl);
    await response.arrayBuffer();
    if (response.status === 200) {
      visible = performance.now();
      break;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  out['page publique avant publication'] = before.status;
  out['publication (requête, ms)'] = Math.round(published - started);
  out['de la publication à la page publique visible (ms)'] = visible ? Math.round(visible - started) : 'jamais (5 s)';
  return out;
}

/**
 * Readers under writes: 50 readers on the IPC area page for 10 s, alone, then while an editor
 * saves every second (one of the test drafts put online, then back to draft, through the bulk
 * route — each save expires the page the readers read). Prints both p99s, errors and whether every
 * save was kept (the draft's final state is the last one asked for).
 */
export async function benchReadsUnderWrites(baseUrl: string): Promise<Record<string, string | number>> {
  const bearer = await token(baseUrl);
  if (!bearer) return { ignoré: 'connexion du compte de démonstration impossible' };
  const headers = { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' };
  /** The test draft n° 43 as the admin list shows it. */
  const draft = async () =>
    (
      (await (
        await fetch(`${baseUrl}/api/admin/publications?area=${BENCH_AREA}&q=${encodeURIComponent('n° 43 ')}`, { headers })
      ).json()) as { items: { id: number; status: string }[] }
    ).items[0];
  const target = await draft();
  if (!target) return { erreur: 'brouillon de test introuvable' };
  const url = `${baseUrl}/indice/ipc`;
  const read = () => autocannon({ url, connections: 50, duration: 10 });

  const alone = await read();
  let saves = 0;
  let failedSaves = 0;
  let last = 'unpublish' as 'publish' | 'unpublish';
  let writing = true;
  const editor = (async () => {
    while (writing) {
      const started = Date.now();
      last = last === 'publish' ? 'unpublish' : 'publish';
      const response = await fetch(`${baseUrl}/api/admin/publications/bulk`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ action: last, ids: [target.id] }),
      });
      await response.arrayBuffer();
      saves++;
      if (response.status !== 200) failedSaves++;
      await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - started))));
    }
  })();
  const underWrites = await read();
  writing = false;
  await editor;
  const finalStatus = (await draft())?.status;
  const expected = last === 'publish' ? 'published' : 'draft';
  return {
    'lecteurs seuls : req/s, p50 / p99 (ms)': `${Math.round(alone.requests.average)}, ${alone.latency.p50} / ${alone.latency.p99}`,
    'lecteurs + une sauvegarde par seconde : req/s, p50 / p99 (ms)':
      `${Math.round(underWrites.requests.average)}, ` + `${underWrites.latency.p50} / ${underWrites.latency.p99}`,
    'p99 sous écritures / p99 seul (objectif < 2)': (underWrites.latency.p99 / Math.max(1, alone.latency.p99)).toFixed(2),
    'lectures en erreur ou non-2xx': alone.errors + alone.non2xx + underWrites.errors + underWrites.non2xx,
    'sauvegardes (refusées)': `${saves} (${failedSaves})`,
    'dernière sauvegarde conservée': finalStatus === expected ? 'oui' : `non (${finalStatus} au lieu de ${expected})`,
  };
}
