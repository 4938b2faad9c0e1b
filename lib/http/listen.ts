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
 * In a cluster (lib/ops/cluster.ts) the primary opens the sockets once (`openSharedSockets`) and
 * every worker accepts from all of them: a worker whose loop is free takes the newcomers the kernel
 * put on any socket, where sockets of a worker's own held a newcomer sent to a busy worker until
 * that worker's turn ended (newcomers' p95 1.2 s on release day; lib/ops/cluster.test.ts).
 *
 * Where SO_REUSEPORT is refused (not Linux ≥ 3.9, BSD, Solaris or AIX), one socket as before. A
 * port already taken is refused as before, even by a server of this product listening the same way.
 */
import type { Server as HttpServer } from 'node:http';
import cluster, { type Worker } from 'node:cluster';
import dns from 'node:dns/promises';
import net from 'node:net';
import util from 'node:util';

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

/** A socket to listen on: opened here (`options`), or bound by the cluster's primary (`handle`). */
type Socket = { options: net.ListenOptions } | { handle: ServerHandle };

const listenOn = (target: net.Server, socket: Socket, backlog: number) =>
  new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    target.once('error', failed);
    const done = () => {
      target.off('error', failed);
      resolve();
    };
    if ('handle' in socket) target.listen(socket.handle, backlog, done);
    else target.listen({ ...socket.options, backlog }, done);
  });

/** `server` listening on the first socket, the others handing it their connections. */
async function feedOne(server: HttpServer, sockets: Socket[], backlog: number): Promise<{ close(): void }> {
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
 * Listens `server` on the port with `sockets` listening sockets. In a cluster's worker, on the
 * sockets its primary opened (`openSharedSockets`), or on the port as Node's cluster shares it when
 * the primary offers none. Returns how to stop them all accepting (then `server.close` as usual).
 */
export async function listenAcceptingMany(server: HttpServer, options: ListenOptions): Promise<{ close(): void }> {
  const { port, host, backlog } = options;
  const one = () => feedOne(server, [{ options: { port, host } }], backlog);
  if (cluster.isWorker) {
    const handles = await socketsFromPrimary();
    if (handles.length === 0) return one();
    try {
      return await feedOne(
        server,
        handles.map((handle) => ({ handle })),
        backlog,
      );
    } catch (error) {
      console.error(`Sockets du processus principal refusés (${(error as Error).message}) : le port est partagé par le cluster de Node.`);
      return one();
    }
  }
  const count = Math.max(1, options.sockets);
  if (count === 1) return one();
  await assertPortFree(port, host);
  try {
    return await feedOne(
      server,
      Array.from({ length: count }, () => ({ options: { port, host, reusePort: true } })),
      backlog,
    );
  } catch (error) {
    if (!UNSUPPORTED.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
    return one();
  }
}

// The cluster's side: the primary binds the sockets (not listening: it never accepts) and sends
// them to each serving worker, which listens on them, as Node's cluster does with the one socket it
// shares (SCHED_NONE). `net._createServerHandle` is that function of Node's cluster; Node's public
// `reusePort` binds a worker's own socket instead. lib/http/listen.test.ts fails if it goes.
type ServerHandle = object;
type CreateServerHandle = (address: string, port: number, addressType: 4 | 6, fd: undefined, flags: number) => ServerHandle | number;
/** libuv's UV_TCP_REUSEPORT (uv.h; Node's tcp_wrap constants). */
const UV_TCP_REUSEPORT = 2;
const ASK = 'insstat:listen-sockets?';
const OFFER = 'insstat:listen-socket';
type Offer = { [OFFER]: true; index: number; count: number };
/** How long a worker waits for its primary's sockets before listening as Node's cluster does. */
const OFFER_TIMEOUT_MS = 5_000;

/**
 * In a cluster's primary: binds `sockets` sockets on the port (SO_REUSEPORT) and offers them to
 * every worker that asks (`listenAcceptingMany`). With one socket, or where SO_REUSEPORT or Node's
 * function is missing, offers none: the workers share the port through Node's cluster. Throws
 * EADDRINUSE when another process listens on the port. Returns how many sockets it offers, and how
 * to close them (the primary keeps them for the workers it forks again).
 */
export async function openSharedSockets(options: {
  port: number;
  host: string;
  sockets: number;
}): Promise<{ count: number; close(): void }> {
  await assertPortFree(options.port, options.host);
  const handles = options.sockets > 1 ? await bindSockets(options) : [];
  const offer = (worker: Worker, message: unknown) => {
    if (message !== ASK) return;
    if (handles.length === 0) return void worker.send({ [OFFER]: true, index: 0, count: 0 } satisfies Offer);
    handles.forEach((handle, index) =>
      // The handle type child_process sends as 'net.Native'.
      worker.send({ [OFFER]: true, index, count: handles.length } satisfies Offer, handle as net.Server),
    );
  };
  cluster.on('message', offer);
  return {
    count: handles.length,
    close() {
      cluster.off('message', offer);
      for (const handle of handles.splice(0)) (handle as { close(): void }).close();
    },
  };
}

async function bindSockets({ port, host, sockets }: { port: number; host: string; sockets: number }): Promise<ServerHandle[]> {
  const create = (net as unknown as { _createServerHandle?: CreateServerHandle })._createServerHandle;
  if (typeof create !== 'function') return [];
  const address = net.isIP(host) ? { address: host, family: net.isIP(host) as 4 | 6 } : await dns.lookup(host);
  const handles: ServerHandle[] = [];
  for (let i = 0; i < sockets; i++) {
    const handle = create(address.address, port, address.family as 4 | 6, undefined, UV_TCP_REUSEPORT);
    if (typeof handle === 'number') {
      for (const opened of handles) (opened as { close(): void }).close();
      const code = util.getSystemErrorName(handle);
      // SO_REUSEPORT not offered here (libuv says so at bind): one shared socket then.
      if (UNSUPPORTED.has(code)) return [];
      throw Object.assign(new Error(`listen ${code}: ${host}:${port}`), { code, port, address: host });
    }
    handles.push(handle);
  }
  return handles;
}

/** In a cluster's worker: the sockets its primary offers (none: listen as Node's cluster does). */
function socketsFromPrimary(): Promise<ServerHandle[]> {
  return new Promise((resolve) => {
    const handles: ServerHandle[] = [];
    const done = (result: ServerHandle[]) => {
      clearTimeout(timer);
      process.off('message', receive);
      resolve(result);
    };
    const receive = (message: unknown, handle: unknown) => {
      if (typeof message !== 'object' || message === null || !(OFFER in message)) return;
      const offer = message as Offer;
      if (offer.count === 0) return done([]);
      if (handle) handles[offer.index] = handle as ServerHandle;
      if (handles.filter(Boolean).length === offer.count) done(handles);
    };
    const timer = setTimeout(() => done([]), OFFER_TIMEOUT_MS);
    process.on('message', receive);
    process.send?.(ASK);
  });
}
