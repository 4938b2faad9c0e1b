/**
 * How many new connections one turn of the event loop accepts: one per listening socket (libuv
 * since Node 20), so several sockets on the port accept a crowd several at a time.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '@/testing/spawn-server';
import { listenAcceptingMany } from './listen';

// A client in another process: opens `n` connections at once on `port` when told, sends a GET on each.
const crowd = `
const net = require('node:net');
process.on('message', ({ port, n }) => {
  let open = 0;
  for (let i = 0; i < n; i++) {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write('GET / HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n');
      if (++open === n) process.send('connected');
    });
    socket.on('data', () => {});
    socket.on('error', () => {});
  }
});
`;

/** The most connections accepted in one turn when `n` arrive while the loop is busy. */
async function mostPerTurn(sockets: number, n: number): Promise<number> {
  const server = http.createServer((_req, res) => res.end('ok'));
  const listening = await listenAcceptingMany(server, { port: await freePort(), host: '127.0.0.1', backlog: 1024, sockets });
  const port = (server.address() as { port: number }).port;
  let turn = 0;
  let running = true;
  const tick = () => {
    turn++;
    if (running) setImmediate(tick);
  };
  const perTurn = new Map<number, number>();
  server.on('connection', () => perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1));
  const client = fork('-e', [crowd], { execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  children.push(client);
  try {
    await new Promise((resolve) => client.once('spawn', resolve));
    // The client connects while this loop is held: the kernel queues them all before one is accepted.
    client.send({ port, n });
    const until = Date.now() + 1_500;
    while (Date.now() < until);
    setImmediate(tick);
    await new Promise<void>((resolve, reject) => {
      const check = setInterval(() => {
        const accepted = [...perTurn.values()].reduce((a, b) => a + b, 0);
        if (accepted >= n) {
          clearInterval(check);
          resolve();
        }
      }, 5);
      setTimeout(() => reject(new Error(`${[...perTurn.values()].reduce((a, b) => a + b, 0)} connexions acceptées sur ${n}`)), 10_000);
    });
    return Math.max(...perTurn.values());
  } finally {
    running = false;
    server.closeAllConnections();
    listening.close();
  }
}

const children: ReturnType<typeof fork>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

describe('listening on several sockets', () => {
  it('accepts one connection per turn on one socket, and many per turn on sixteen', async () => {
    expect(await mostPerTurn(1, 48)).toBe(1);
    expect(await mostPerTurn(16, 48)).toBeGreaterThanOrEqual(8);
  }, 40_000);
});

describe('a port already taken', () => {
  it('is refused, even by a server that listens on several sockets itself', async () => {
    const port = await freePort();
    const first = http.createServer();
    const opened = await listenAcceptingMany(first, { port, host: '127.0.0.1', backlog: 16, sockets: 4 });
    try {
      await expect(listenAcceptingMany(http.createServer(), { port, host: '127.0.0.1', backlog: 16, sockets: 4 })).rejects.toMatchObject({
        code: 'EADDRINUSE',
      });
    } finally {
      opened.close();
    }
  });
});
