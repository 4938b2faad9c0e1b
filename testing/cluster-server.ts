// A cluster as the production server runs it (lib/ops/cluster.ts), serving a tiny HTTP answer, for
// lib/ops/cluster.test.ts: `PORT`, `WORKERS`, `LISTEN_SOCKETS`. Each serving worker answers its pid; `/block?ms=N`
// answers, then holds its event loop N ms (a worker busy with its readers).
import http from 'node:http';
import { listenAcceptingMany } from '../lib/http/listen';
import { servesReaders, startClusterPrimary } from '../lib/ops/cluster';

const port = Number(process.env.PORT);
const sockets = Number(process.env.LISTEN_SOCKETS ?? 16);
if (!startClusterPrimary(Number(process.env.WORKERS ?? 2), () => {})) {
  if (servesReaders()) {
    const server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      res.end(String(process.pid));
      if (url.pathname === '/block') {
        const until = Date.now() + Number(url.searchParams.get('ms') ?? 0);
        setTimeout(() => {
          while (Date.now() < until);
        }, 20);
      }
    });
    server.keepAliveTimeout = 1;
    // As the production server listens (lib/http/listen.ts): in a worker, the port Node's cluster shares.
    void listenAcceptingMany(server, { port, host: '127.0.0.1', backlog: 511, sockets });
  }
}
