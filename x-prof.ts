import './scripts/load-env';
import { openDatabase } from './lib/db/open';
import { search } from './lib/search/query';
const d = await openDatabase();
const db = d.db;
// Time each phase by monkeypatching execute
const orig = db.execute.bind(db);
const times: [string, number][] = [];
(db as any).execute = async (q: any) => { const t = performance.now(); const r = await orig(q); const sqlText = (q.queryChunks ?? []).map((c: any) => c.value?.join?.('') ?? '').join('').slice(0, 60).replace(/\s+/g,' '); times.push([sqlText, performance.now() - t]); return r; };
for (const q of ['prix riz', 'coton production', 'Djanta prix', 'eau potable']) {
  for (let i = 0; i < 3; i++) { times.length = 0; const t = performance.now(); const r = await search(db, { q, scope: 'public' }); if (i === 2) console.log(q, r.total, Math.round(performance.now() - t), times.map(([s, ms]) => `${s.trim().slice(0,30)}=${ms.toFixed(1)}`).join(' | ')); }
}
await d.close();
