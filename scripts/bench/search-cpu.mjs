// node scripts/bench/search-cpu.mjs PORT PID [N] — the production server's CPU per distinct search,
// one request at a time (load-independent, unlike wrk's figures): N searches like the bench's
// (random-search.lua: a word of the demo content and a number nobody wrote) on /recherche and
// /en/recherche, the server's user + system time read from /proc/PID/stat before and after.
// Linux only; PID is the server's (ss -ltnp 'sport = :PORT'). Warm it first (two distinct searches
// per language, so it keeps its copy of the page: docs/serving-and-caches.md).
import fs from 'node:fs';
import http from 'node:http';

const [port, pid, n = '300'] = process.argv.slice(2);
if (!port || !pid) throw new Error('usage: node scripts/bench/search-cpu.mjs PORT PID [N]');
const words = ['prix', 'recensement', 'population', 'commerce', 'indice', 'production', 'emploi', 'annuaire'];
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = (path) =>
  new Promise((resolve, reject) =>
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      })
      .on('error', reject),
  );
// utime + stime, in clock ticks (100 per second on Linux).
const cpuMs = () => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const query = (i) => `${words[i % words.length]}+${1 + Math.floor(Math.random() * 1e9)}`;
for (const [lang, path] of [
  ['fr', '/recherche'],
  ['en', '/en/recherche'],
]) {
  for (let i = 0; i < 30; i++) await get(`${path}?q=${query(i)}`);
  const before = cpuMs();
  const started = performance.now();
  let errors = 0;
  for (let i = 0; i < Number(n); i++) if ((await get(`${path}?q=${query(i)}`)) !== 200) errors++;
  const cpu = (cpuMs() - before) / Number(n);
  const wall = (performance.now() - started) / Number(n);
  console.log(`${lang}: ${n} distinct searches, server CPU ${cpu.toFixed(2)} ms each (wall ${wall.toFixed(2)} ms), ${errors} not 200`);
}
process.exit(0);
