// The editor of `npm run bench:uncached`'s « readers under saves » measure: logs in as the demo
// administrator (like scripts/bench-admin.ts), then once per second withdraws or puts back online
// the newest news item of the home page through /api/admin/news/bulk, for the given seconds. After
// each answer it reads `/` as a new request would and checks the change is there: a save counts as
// applied when its answer is 200 and the home page that follows shows it (each request gets 10 s). Leaves the item as it
// found it. Prints « RESULT attempted applied refused slowest-save-ms ».
//
//   tsx scripts/bench/saves.ts http://127.0.0.1:3391 10
import { demoAccount } from '@/demo/demo-account';

const [base = 'http://127.0.0.1:3000', seconds = '10'] = process.argv.slice(2);
/** No request may hold the editor: an answer not come after this long counts as a failure. */
const TIMEOUT_MS = 10_000;
const timeout = () => AbortSignal.timeout(TIMEOUT_MS);

async function main(): Promise<void> {
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: demoAccount.email, password: demoAccount.password }),
    signal: timeout(),
  });
  if (login.status !== 200) throw new Error(`connexion du compte de démonstration impossible (${login.status})`);
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const list = (await (
    await fetch(`${base}/api/admin/news?status=published&sort=published&dir=desc`, { headers, signal: timeout() })
  ).json()) as {
    items?: { id: number; title: string }[];
  };
  const item = list.items?.[0];
  if (!item) throw new Error('aucune actualité en ligne');
  // The home page as a reader gets it: its news cards link to the item.
  const link = `href="/actualites/${item.id}"`;
  const onHome = async () =>
    (await (await fetch(`${base}/`, { headers: { 'accept-encoding': 'identity' }, signal: timeout() })).text()).includes(link);
  if (!(await onHome())) throw new Error(`l’actualité ${item.id} n’est pas sur la page d’accueil`);

  let attempted = 0;
  let applied = 0;
  let refused = 0;
  let slowest = 0;
  let online = true;
  let lost = 0;
  const save = async (action: 'publish' | 'unpublish') => {
    const started = performance.now();
    try {
      const response = await fetch(`${base}/api/admin/news/bulk`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ action, ids: [item.id] }),
        signal: timeout(),
      });
      await response.arrayBuffer();
      return response.status === 200;
    } catch {
      lost++;
      return false;
    } finally {
      slowest = Math.max(slowest, performance.now() - started);
    }
  };
  const end = Date.now() + Number(seconds) * 1000;
  while (Date.now() < end) {
    const started = Date.now();
    const action = online ? 'unpublish' : 'publish';
    attempted++;
    if (await save(action)) {
      online = !online;
      try {
        if ((await onHome()) === online) applied++;
      } catch {
        console.error(`la page d’accueil n’a pas répondu en ${TIMEOUT_MS / 1000} s après l’enregistrement ${attempted}`);
      }
    } else refused++;
    await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - started))));
  }
  if (!online) await save('publish');
  if (lost > 0) console.error(`${lost} enregistrement(s) sans réponse en ${TIMEOUT_MS / 1000} s`);
  console.log(`RESULT ${attempted} ${applied} ${refused} ${Math.round(slowest)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  console.log('RESULT 0 0 0 0');
  process.exit(1);
});
