/**
 * The production server's port, opened as several listening sockets (SO_REUSEPORT) that all feed
 * one HTTP server, so that a turn of the event loop accepts several new connections, not one.
 *
 * libuv accepts one connection per listening socket per turn of the loop since 1.45 (Node 20,
 * libuv#3696, the regression discussed in nodejs/node#57364). A turn under a thousand keep-alive
 * readers takes 60–250 ms, so a crowd arriving together (release day, wrk's 1,000 connections)
 * waited one turn per connection ahead of it: h2load measured first answers up to 15 s after the
 * connection was opened, while every request, once read, was answered within 21 ms. The kernel
 * spreads new connections over the sockets of one port; each socket gives one per turn.
 *
 * In a cluster (lib/ops/cluster.ts) each worker listens as Node's cluster shares the port
 * (`SCHED_NONE`: the primary binds one socket, every worker accepts from it), so a worker whose loop
 * is free takes the newcomers; the several sockets are a single process's.
 *
 * Where SO_REUSEPORT is refused (not Linux ≥ 3.9, BSD, Solaris or AIX), one socket as before. A
 * port already taken is refused as before, even by a server of this product listening the same way.
 */
import type { Server as HttpServer } from 'node:http';
import cluster from 'node:cluster';
import net from 'node:net';

export type ListenOptions = { port: number; host: string; backlog: number; sockets: number };

/**
 * Throws EADDRINUSE when another process listens on the port, as a plain `listen` would. Without
 * this, SO_REUSEPORT would let a second server (forgotten, or on other data) quietly take part of
 * the readers of one already running the same way.
 */
export async function assertPortFree(port: number, host: string): Promise<void> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => resolve());
  });
  await new Promise((resolve) => probe.close(resolve));
}

/** Errors that mean « SO_REUSEPORT is not offered here »: one socket then. */
const UNSUPPORTED = new Set(['EINVAL', 'ENOTSUP', 'EOPNOTSUPP', 'ERR_INVALID_ARG_VALUE']);

const listenOn = (target: net.Server, socket: net.ListenOptions, backlog: number) =>
  new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    target.once('error', failed);
    const done = () => {
      target.off('error', failed);
      resolve();
    };
    target.listen({ ...socket, backlog }, done);
  });

/** `server` listening on the first socket, the others handing it their connections. */
async function feedOne(server: HttpServer, sockets: net.ListenOptions[], backlog: number): Promise<{ close(): void }> {
  const feeders: net.Server[] = [];
  const close = () => {
    for (const feeder of feeders) feeder.close();
    server.close();
  };
  try {
    await listenOn(server, sockets[0]!, backlog);
    for (const socket of sockets.slice(1)) {
      // As http.createServer's own sockets: no Nagle delay on answers.
      const feeder = net.createServer({ noDelay: true }, (connection) => server.emit('connection', connection));
      feeders.push(feeder);
      await listenOn(feeder, socket, backlog);
      feeder.on('error', (error) => server.emit('error', error));
    }
  } catch (error) {
    close();
    throw error;
  }
  return { close };
}

/**
 * Listens `server` on the port with `sockets` listening sockets (Node's documented `reusePort`,
 * each socket's connections handed to the one server through its documented `connection` event).
 * In a cluster's worker, on the port as Node's cluster shares it. Returns how to stop them all
 * accepting (then `server.close` as usual).
 */
export async function listenAcceptingMany(server: HttpServer, options: ListenOptions): Promise<{ close(): void }> {
  const { port, host, backlog } = options;
  const one = () => feedOne(server, [{ port, host }], backlog);
  if (cluster.isWorker) return one();
  const count = Math.max(1, options.sockets);
  if (count === 1) return one();
  await assertPortFree(port, host);
  try {
    return await feedOne(
      server,
      Array.from({ length: count }, () => ({ port, host, reusePort: true })),
      backlog,
    );
  } catch (error) {
    if (!UNSUPPORTED.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
    return one();
  }
}
