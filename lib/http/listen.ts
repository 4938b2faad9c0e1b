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

/**
 * Listens `server` on the port, with `sockets - 1` more sockets handing it their connections.
 * Returns how to stop them all accepting (then `server.close` as usual).
 */
export async function listenAcceptingMany(server: HttpServer, options: ListenOptions): Promise<{ close(): void }> {
  const { port, host, backlog } = options;
  const listen = (target: net.Server, reusePort: boolean) =>
    new Promise<void>((resolve, reject) => {
      const failed = (error: Error) => reject(error);
      target.once('error', failed);
      // exclusive: in a cluster's worker, its own sockets (the primary shares nothing).
      target.listen({ port, host, backlog, reusePort, exclusive: reusePort }, () => {
        target.off('error', failed);
        resolve();
      });
    });
  const count = Math.max(1, options.sockets);
  const alone = { close: () => void server.close() };
  if (count === 1) {
    await listen(server, false);
    return alone;
  }
  // In a cluster the primary checked the port before forking (scripts/serve.ts): the workers share it.
  if (!cluster.isWorker) await assertPortFree(port, host);
  try {
    await listen(server, true);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EINVAL' && code !== 'ENOTSUP' && code !== 'ERR_INVALID_ARG_VALUE') throw error;
    await listen(server, false);
    return alone;
  }
  const feeders: net.Server[] = [];
  for (let i = 1; i < count; i++) {
    // As http.createServer's own sockets: no Nagle delay on answers.
    const feeder = net.createServer({ noDelay: true }, (socket) => server.emit('connection', socket));
    feeder.on('error', (error) => server.emit('error', error));
    await listen(feeder, true);
    feeders.push(feeder);
  }
  return {
    close() {
      for (const feeder of feeders) feeder.close();
      server.close();
    },
  };
}
