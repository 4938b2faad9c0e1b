/**
 * An in-memory user API with the contract of PRODUCT.md ("Sessions and the user API"), served over
 * real HTTP on 127.0.0.1, so the upstream sign-in mode is tested against sockets, headers and JSON
 * bodies rather than a mocked `fetch`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type FakeUser = {
  id: string;
  email: string;
  name?: string;
  password: string;
  active: boolean;
  createdAt: string;
  lastSignInAt: string | null;
};

/** A canned answer for the next request, whatever it is (malformed JSON, 5xx, slow answers). */
export type CannedResponse = {
  status?: number;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Waits this long before answering (timeouts). */
  delayMs?: number;
};

export type RecordedRequest = { method: string; path: string; authorization: string | null };

export type FakeUserApi = {
  /** Base URL of the API, e.g. `http://127.0.0.1:41234/api`. */
  url: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** Adds an account; without `name` the API answers users without one. */
  addUser(input: { email: string; password: string; name?: string; active?: boolean }): { id: string; email: string };
  /** Answers the next request with this instead of the contract. */
  respondOnce(response: CannedResponse): void;
  close(): Promise<void>;
};

/** Failed sign-ins per email before the API answers 429. */
export const FAKE_MAX_FAILED_LOGINS = 5;
/** The `Retry-After` the API sends with a 429. */
export const FAKE_RETRY_AFTER_SECONDS = 60;

const BASE_PATH = '/api';

/** Starts the fake API on a free port. */
export async function startFakeUserApi(): Promise<FakeUserApi> {
  const users = new Map<string, FakeUser>();
  const tokens = new Map<string, string>();
  const failedLogins = new Map<string, number>();
  const canned: CannedResponse[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const requests: RecordedRequest[] = [];

  const byEmail = (email: string) => [...users.values()].find((u) => u.email.toLowerCase() === email.trim().toLowerCase());
  const publicUser = ({ id, email, name, active, createdAt, lastSignInAt }: FakeUser) => ({
    id,
    email,
    ...(name ? { name } : {}),
    active,
    createdAt,
    lastSignInAt,
  });
  const userOfRequest = (req: http.IncomingMessage) => {
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const id = tokens.get(token);
    return id ? { user: users.get(id), token } : null;
  };

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    requests.push({ method: req.method ?? 'GET', path, authorization: req.headers.authorization ?? null });
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const send = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
        const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(text);
      };
      const next = canned.shift();
      if (next) {
        const answer = () => send(next.status ?? 200, next.body, next.headers);
        if (!next.delayMs) return answer();
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) answer();
        }, next.delayMs);
        timers.add(timer);
        return;
      }
      let body: Record<string, unknown> = {};
      try {
        const raw = Buffer.concat(chunks).toString('utf8');
        if (raw) body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return send(400, { error: 'Malformed JSON' });
      }
      handle(req.method ?? 'GET', path.startsWith(BASE_PATH) ? path.slice(BASE_PATH.length) : '', body, req, send);
    });
  });

  function handle(
    method: string,
    route: string,
    body: Record<string, unknown>,
    req: http.IncomingMessage,
    send: (status: number, body?: unknown, headers?: Record<string, string>) => void,
  ) {
    const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
    const input = (body.user ?? {}) as Record<string, unknown>;

    if (method === 'POST' && route === '/user/login') {
      const email = (str(body.email) ?? '').toLowerCase();
      if ((failedLogins.get(email) ?? 0) >= FAKE_MAX_FAILED_LOGINS) {
        return send(429, { error: 'Too many attempts' }, { 'retry-after': String(FAKE_RETRY_AFTER_SECONDS) });
      }
      const user = byEmail(email);
      if (!user || !user.active || user.password !== str(body.password)) {
        failedLogins.set(email, (failedLogins.get(email) ?? 0) + 1);
        return send(401, { error: 'Invalid credentials' });
      }
      failedLogins.delete(email);
      user.lastSignInAt = new Date().toISOString();
      const token = randomBytes(24).toString('base64url');
      tokens.set(token, user.id);
      return send(200, { user: publicUser(user), token });
    }
    if (method === 'POST' && route === '/user/logout') {
      const session = userOfRequest(req);
      if (session) tokens.delete(session.token);
      return send(200, { ok: true });
    }

    const session = userOfRequest(req);
    if (!session?.user) return send(401, { error: 'Unauthorized' });
    const me = session.user;

    if (method === 'GET' && route === '/user/isConnected/me') return send(200, { user: publicUser(me) });
    if (method === 'GET' && route === '/users') return send(200, { users: [...users.values()].map(publicUser) });
    if (method === 'POST' && route === '/user') {
      const email = str(input.email)?.trim();
      const password = str(input.password);
      if (!email || !password) {
        return send(400, {
          error: 'Adresse e-mail et mot de passe obligatoires.',
          fieldErrors: {
            ...(email ? {} : { email: ['Adresse e-mail obligatoire.'] }),
            ...(password ? {} : { password: ['Mot de passe obligatoire.'] }),
          },
        });
      }
      if (byEmail(email)) return send(409, { error: 'Email already exists' });
      const created = add({ email, password, name: str(input.name) });
      return send(201, { user: publicUser(created) });
    }
    if (method === 'PATCH' && route === '/user') {
      const password = str(input.password);
      if (password !== undefined) {
        if (str(input.currentPassword) !== me.password) return send(401, { error: 'Wrong current password' });
        if (password.length < 8) {
          const message = 'Le mot de passe doit contenir au moins 8 caractères.';
          return send(400, { error: message, fieldErrors: { password: [message] } });
        }
      }
      const email = str(input.email)?.trim();
      if (email && byEmail(email) && byEmail(email) !== me) return send(409, { error: 'Email already exists' });
      if (email) me.email = email;
      const name = str(input.name);
      if (name !== undefined) me.name = name;
      if (password !== undefined) {
        me.password = password;
        // A new password ends every other session of the account.
        for (const [token, id] of tokens) if (id === me.id && token !== session.token) tokens.delete(token);
      }
      return send(200, { user: publicUser(me) });
    }
    return send(404, { error: 'Not found' });
  }

  function add(input: { email: string; password: string; name?: string; active?: boolean }): FakeUser {
    const user: FakeUser = {
      id: randomUUID(),
      email: input.email,
      name: input.name,
      password: input.password,
      active: input.active ?? true,
      createdAt: new Date().toISOString(),
      lastSignInAt: null,
    };
    users.set(user.id, user);
    return user;
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${BASE_PATH}`,
    requests,
    addUser(input) {
      const { id, email } = add(input);
      return { id, email };
    },
    respondOnce(response) {
      canned.push(response);
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
