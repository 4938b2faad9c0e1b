/**
 * A small, real GoTrue (Supabase Auth) server for tests: node:http on 127.0.0.1, users and sessions
 * in memory. It answers exactly the endpoints @supabase/supabase-js and @supabase/ssr call for
 * password sign-in, session refresh, the user endpoint, logout, the admin user API and TOTP
 * multi-factor authentication (enrol, challenge, verify, unenrol; sessions at `aal1` then `aal2`),
 * with the same paths, headers, JSON shapes and error codes (API version 2024-01-01) as the real
 * service. Codes are checked with otplib, one 30 s period of drift either way, and a code (or an
 * earlier one) is never accepted twice for a factor.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

export type FakeGoTrueOptions = {
  anonKey: string;
  serviceRoleKey: string;
  /**
   * GoTrue ends a user's other sessions when the password changes through `PUT /user`. Tests turn
   * this off to prove the caller ends them itself.
   */
  revokeOtherSessionsOnPasswordChange?: boolean;
};

export type FakeGoTrueUserInput = { email: string; password: string; name?: string; banned?: boolean; confirmed?: boolean };

export type FakeGoTrue = {
  /** Project URL to give the SDK (it appends `/auth/v1`). */
  url: string;
  close(): Promise<void>;
  /** Registers an account, as if created in the Supabase dashboard. */
  addUser(input: FakeGoTrueUserInput): { id: string; email: string };
  /** The stored account with this email (case-insensitive), for assertions. */
  findUser(email: string): { id: string; email: string; name: string | null; bannedUntil: Date | null } | null;
  /** Sessions of a user that are not revoked. */
  liveSessions(userId: string): number;
  /** Lifetime of the access tokens issued from now on (GoTrue's default is one hour). */
  setAccessTokenTtl(seconds: number): void;
  /** Every request answers this status (e.g. 503) until called again with null. */
  failWith(status: number | null): void;
  /** Method and path (with query) of every request received, oldest first. */
  readonly requests: { method: string; path: string }[];
  /** Gives an account a verified TOTP factor, as if enrolled earlier; answers its id and secret. */
  addTotpFactor(userId: string, friendlyName?: string): { id: string; secret: string };
  /** The account's factors, for assertions. */
  factorsOf(userId: string): { id: string; status: 'unverified' | 'verified' }[];
};

type StoredUser = {
  id: string;
  email: string;
  password: string;
  userMetadata: Record<string, unknown>;
  emailConfirmedAt: Date | null;
  bannedUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
  lastSignInAt: Date | null;
};

type Aal = 'aal1' | 'aal2';
type Amr = { method: string; timestamp: number };

type StoredSession = { id: string; userId: string; refreshToken: string; revoked: boolean; aal: Aal; amr: Amr[] };

type StoredFactor = {
  id: string;
  userId: string;
  friendlyName: string;
  secret: string;
  status: 'unverified' | 'verified';
  createdAt: Date;
  updatedAt: Date;
  /** The time step of the last accepted code: it and earlier ones are refused from then on. */
  lastStep: number | null;
};

type StoredChallenge = { id: string; factorId: string; createdAt: Date };

type JwtPayload = { sub: string; session_id: string; exp: number };

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const API_VERSION = '2024-01-01';
const MIN_PASSWORD_LENGTH = 6;
/** GoTrue's default `MFA_CHALLENGE_EXPIRY_DURATION`. */
const CHALLENGE_SECONDS = 300;
/** GoTrue's default `MFA_MAX_ENROLLED_FACTORS`. */
const MAX_FACTORS = 10;

/** Go's `time.ParseDuration` for the units `ban_duration` uses (h, m, s, ms), e.g. `876000h`. */
function parseGoDuration(value: string): number {
  const units: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== value) {
    throw new HttpError(400, 'validation_failed', `invalid format for ban duration: time: invalid duration "${value}"`);
  }
  return parts.reduce((sum, p) => sum + Number(p[1]) * units[p[2]!]!, 0);
}

/** Starts the server on a free port of 127.0.0.1. */
export async function startFakeGoTrue(options: FakeGoTrueOptions): Promise<FakeGoTrue> {
  const secret = randomBytes(32);
  const users = new Map<string, StoredUser>();
  const sessions = new Map<string, StoredSession>();
  const factors = new Map<string, StoredFactor>();
  const challenges = new Map<string, StoredChallenge>();
  const requests: { method: string; path: string }[] = [];
  const revokeOthersOnPasswordChange = options.revokeOtherSessionsOnPasswordChange ?? true;
  let accessTokenTtl = 3600;
  let failure: number | null = null;
  let baseUrl = '';

  const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');

  const factorsOfUser = (userId: string) =>
    [...factors.values()].filter((f) => f.userId === userId).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  const factorJson = (f: StoredFactor) => ({
    id: f.id,
    friendly_name: f.friendlyName,
    factor_type: 'totp',
    status: f.status,
    created_at: f.createdAt.toISOString(),
    updated_at: f.updatedAt.toISOString(),
  });

  const userJson = (u: StoredUser) => ({
    id: u.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: u.email,
    email_confirmed_at: u.emailConfirmedAt?.toISOString(),
    phone: '',
    confirmed_at: u.emailConfirmedAt?.toISOString(),
    last_sign_in_at: u.lastSignInAt?.toISOString(),
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: u.userMetadata,
    identities: [],
    created_at: u.createdAt.toISOString(),
    updated_at: u.updatedAt.toISOString(),
    is_anonymous: false,
    // GoTrue omits these fields when the account is not banned / has no factor.
    ...(u.bannedUntil ? { banned_until: u.bannedUntil.toISOString() } : {}),
    ...(factorsOfUser(u.id).length > 0 ? { factors: factorsOfUser(u.id).map(factorJson) } : {}),
  });

  const signJwt = (payload: Record<string, unknown>) => {
    const head = `${b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64(JSON.stringify(payload))}`;
    return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
  };

  const verifyJwt = (token: string): JwtPayload | null => {
    const [header, payload, signature] = token.split('.');
    if (!header || !payload || !signature) return null;
    const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as JwtPayload;
    return claims.exp > Date.now() / 1000 ? claims : null;
  };

  const isBanned = (u: StoredUser) => !!u.bannedUntil && u.bannedUntil.getTime() > Date.now();

  const issueSession = (u: StoredUser, session: StoredSession) => {
    const now = Math.floor(Date.now() / 1000);
    const access = signJwt({
      aud: 'authenticated',
      exp: now + accessTokenTtl,
      iat: now,
      iss: `${baseUrl}/auth/v1`,
      sub: u.id,
      email: u.email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: u.userMetadata,
      role: 'authenticated',
      aal: session.aal,
      amr: session.amr,
      session_id: session.id,
      is_anonymous: false,
    });
    return {
      access_token: access,
      token_type: 'bearer',
      expires_in: accessTokenTtl,
      expires_at: now + accessTokenTtl,
      refresh_token: session.refreshToken,
      user: userJson(u),
    };
  };

  const newFactor = (userId: string, friendlyName: string): StoredFactor => {
    const now = new Date();
    const factor: StoredFactor = {
      id: randomUUID(),
      userId,
      friendlyName,
      secret: generateSecret(),
      status: 'unverified',
      createdAt: now,
      updatedAt: now,
      lastStep: null,
    };
    factors.set(factor.id, factor);
    return factor;
  };

  const findByEmail = (email: string) => [...users.values()].find((u) => u.email.toLowerCase() === email.trim().toLowerCase());

  const createUser = (input: {
    email: string;
    password: string;
    userMetadata?: Record<string, unknown>;
    confirmed: boolean;
    bannedUntil?: Date | null;
  }) => {
    const now = new Date();
    const user: StoredUser = {
      id: randomUUID(),
      email: input.email.trim().toLowerCase(),
      password: input.password,
      userMetadata: input.userMetadata ?? {},
      emailConfirmedAt: input.confirmed ? now : null,
      bannedUntil: input.bannedUntil ?? null,
      createdAt: now,
      updatedAt: now,
      lastSignInAt: null,
    };
    users.set(user.id, user);
    return user;
  };

  const checkEmail = (email: unknown, exceptId?: string): string => {
    if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      throw new HttpError(400, 'email_address_invalid', 'Unable to validate email address: invalid format');
    }
    const taken = findByEmail(email);
    if (taken && taken.id !== exceptId) {
      throw new HttpError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    return email.trim().toLowerCase();
  };

  const checkPassword = (password: unknown): string => {
    if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH) {
      throw new HttpError(422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
        weak_password: { reasons: ['length'] },
      });
    }
    return password;
  };

  /** The user and session of the request's `Authorization: Bearer <access token>`. */
  const authenticate = (req: http.IncomingMessage) => {
    const token = bearerOf(req);
    const claims = token ? verifyJwt(token) : null;
    if (!claims) {
      throw new HttpError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature, token is expired or invalid');
    }
    const session = sessions.get(claims.session_id);
    if (!session || session.revoked) {
      throw new HttpError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    const user = users.get(claims.sub);
    if (!user) throw new HttpError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return { user, session };
  };

  const requireAdmin = (req: http.IncomingMessage) => {
    const bearer = bearerOf(req);
    const apikey = req.headers.apikey;
    const admin = bearer === options.serviceRoleKey || (apikey === options.serviceRoleKey && !bearer);
    if (!admin) throw new HttpError(403, 'not_admin', 'User not allowed');
  };

  const route = async (req: http.IncomingMessage, url: URL, body: Record<string, unknown>) => {
    const method = req.method ?? 'GET';
    const path = url.pathname.replace(/^\/auth\/v1/, '');

    if (method === 'GET' && path === '/.well-known/jwks.json') return { status: 200, json: { keys: [] } };

    if (method === 'POST' && path === '/token') {
      const grant = url.searchParams.get('grant_type');
      if (grant === 'password') {
        const user = typeof body.email === 'string' ? findByEmail(body.email) : undefined;
        if (!user || user.password !== body.password) {
          throw new HttpError(400, 'invalid_credentials', 'Invalid login credentials');
        }
        if (isBanned(user)) throw new HttpError(400, 'user_banned', 'User is banned');
        if (!user.emailConfirmedAt) throw new HttpError(400, 'email_not_confirmed', 'Email not confirmed');
        const session: StoredSession = {
          id: randomUUID(),
          userId: user.id,
          refreshToken: b64(randomBytes(16)),
          revoked: false,
          aal: 'aal1',
          amr: [{ method: 'password', timestamp: Math.floor(Date.now() / 1000) }],
        };
        sessions.set(session.id, session);
        user.lastSignInAt = new Date();
        return { status: 200, json: issueSession(user, session) };
      }
      if (grant === 'refresh_token') {
        const session = [...sessions.values()].find((s) => !s.revoked && s.refreshToken === body.refresh_token);
        if (!session) throw new HttpError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
        const user = users.get(session.userId);
        if (!user) throw new HttpError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
        if (isBanned(user)) throw new HttpError(400, 'user_banned', 'User is banned');
        // Rotation: the used refresh token stops working.
        session.refreshToken = b64(randomBytes(16));
        return { status: 200, json: issueSession(user, session) };
      }
      throw new HttpError(400, 'validation_failed', 'unsupported_grant_type');
    }

    if (path === '/user' && method === 'GET') {
      const { user } = authenticate(req);
      return { status: 200, json: userJson(user) };
    }

    if (path === '/user' && method === 'PUT') {
      const { user, session } = authenticate(req);
      if (body.email !== undefined && body.email !== null) user.email = checkEmail(body.email, user.id);
      if (body.password !== undefined && body.password !== null) {
        const password = checkPassword(body.password);
        if (password === user.password) {
          throw new HttpError(422, 'same_password', 'New password should be different from the old password.');
        }
        user.password = password;
        if (revokeOthersOnPasswordChange) {
          for (const s of sessions.values()) if (s.userId === user.id && s.id !== session.id) s.revoked = true;
        }
      }
      if (body.data && typeof body.data === 'object') user.userMetadata = { ...user.userMetadata, ...(body.data as object) };
      user.updatedAt = new Date();
      return { status: 200, json: userJson(user) };
    }

    if (path === '/factors' && method === 'POST') {
      const { user, session } = authenticate(req);
      if (body.factor_type !== 'totp') throw new HttpError(422, 'validation_failed', 'factor_type needs to be totp');
      const mine = factorsOfUser(user.id);
      // A second factor is added only by a session that already proved the first one.
      if (mine.some((f) => f.status === 'verified') && session.aal !== 'aal2') {
        throw new HttpError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
      }
      if (mine.length >= MAX_FACTORS)
        throw new HttpError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
      const friendlyName = typeof body.friendly_name === 'string' ? body.friendly_name : '';
      if (friendlyName && mine.some((f) => f.friendlyName === friendlyName)) {
        throw new HttpError(
          422,
          'mfa_factor_name_conflict',
          `A factor with the friendly name "${friendlyName}" for this user already exists`,
        );
      }
      const factor = newFactor(user.id, friendlyName);
      const issuer = typeof body.issuer === 'string' && body.issuer ? body.issuer : new URL(baseUrl).hostname;
      const uri = generateURI({ issuer, label: user.email, secret: factor.secret });
      const qrCode = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
      return {
        status: 200,
        json: { id: factor.id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qrCode, secret: factor.secret, uri } },
      };
    }

    const factorPath = /^\/factors\/([0-9a-f-]{36})(\/challenge|\/verify)?$/.exec(path);
    if (factorPath && method === 'POST' && factorPath[2] === '/challenge') {
      const { user } = authenticate(req);
      const factor = factors.get(factorPath[1]!);
      if (!factor || factor.userId !== user.id) throw new HttpError(404, 'mfa_factor_not_found', 'Factor not found');
      const challenge: StoredChallenge = { id: randomUUID(), factorId: factor.id, createdAt: new Date() };
      challenges.set(challenge.id, challenge);
      return {
        status: 200,
        json: { id: challenge.id, type: 'totp', expires_at: Math.floor(challenge.createdAt.getTime() / 1000) + CHALLENGE_SECONDS },
      };
    }

    if (factorPath && method === 'POST' && factorPath[2] === '/verify') {
      const { user, session } = authenticate(req);
      const factor = factors.get(factorPath[1]!);
      if (!factor || factor.userId !== user.id) throw new HttpError(404, 'mfa_factor_not_found', 'Factor not found');
      const challenge = typeof body.challenge_id === 'string' ? challenges.get(body.challenge_id) : undefined;
      if (!challenge || challenge.factorId !== factor.id) {
        throw new HttpError(404, 'mfa_challenge_not_found', 'MFA factor with the provided challenge ID not found');
      }
      if (challenge.createdAt.getTime() + CHALLENGE_SECONDS * 1000 < Date.now()) {
        challenges.delete(challenge.id);
        throw new HttpError(
          422,
          'mfa_challenge_expired',
          `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
        );
      }
      const code = typeof body.code === 'string' ? body.code.trim() : '';
      const result = await verify({
        secret: factor.secret,
        token: code,
        epochTolerance: 30,
        ...(factor.lastStep !== null ? { afterTimeStep: factor.lastStep } : {}),
      }).catch(() => ({ valid: false as const }));
      if (!result.valid || !('timeStep' in result)) {
        throw new HttpError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
      }
      challenges.delete(challenge.id);
      factor.lastStep = result.timeStep;
      const now = Math.floor(Date.now() / 1000);
      if (factor.status === 'unverified') {
        factor.status = 'verified';
        factor.updatedAt = new Date();
        // As GoTrue does: once a factor is verified, the account's sessions below aal2 end.
        for (const s of sessions.values()) if (s.userId === user.id && s.id !== session.id && s.aal !== 'aal2') s.revoked = true;
      }
      session.aal = 'aal2';
      session.amr = [{ method: 'totp', timestamp: now }, ...session.amr.filter((a) => a.method !== 'totp')];
      return { status: 200, json: issueSession(user, session) };
    }

    if (factorPath && method === 'DELETE' && !factorPath[2]) {
      const { user, session } = authenticate(req);
      const factor = factors.get(factorPath[1]!);
      if (!factor || factor.userId !== user.id) throw new HttpError(404, 'mfa_factor_not_found', 'Factor not found');
      if (factor.status === 'verified' && session.aal !== 'aal2') {
        throw new HttpError(403, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
      }
      factors.delete(factor.id);
      for (const c of challenges.values()) if (c.factorId === factor.id) challenges.delete(c.id);
      return { status: 200, json: { id: factor.id } };
    }

    if (path === '/logout' && method === 'POST') {
      const { user, session } = authenticate(req);
      const scope = url.searchParams.get('scope') ?? 'global';
      for (const s of sessions.values()) {
        if (s.userId !== user.id) continue;
        if (scope === 'global' || (scope === 'local' && s.id === session.id) || (scope === 'others' && s.id !== session.id)) {
          s.revoked = true;
        }
      }
      return { status: 204 };
    }

    if (path === '/admin/users' && method === 'GET') {
      requireAdmin(req);
      const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
      const perPage = Math.max(1, Number(url.searchParams.get('per_page')) || 50);
      const all = [...users.values()].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      const last = Math.max(1, Math.ceil(all.length / perPage));
      const links = [`</admin/users?page=${last}&per_page=${perPage}>; rel="last"`];
      if (page < last) links.unshift(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
      return {
        status: 200,
        headers: { 'x-total-count': String(all.length), link: links.join(', ') },
        json: { users: all.slice((page - 1) * perPage, page * perPage).map(userJson), aud: 'authenticated' },
      };
    }

    if (path === '/admin/users' && method === 'POST') {
      requireAdmin(req);
      const email = checkEmail(body.email);
      const user = createUser({
        email,
        password: checkPassword(body.password),
        userMetadata: (body.user_metadata as Record<string, unknown> | undefined) ?? {},
        confirmed: body.email_confirm === true,
        bannedUntil:
          typeof body.ban_duration === 'string' && body.ban_duration !== 'none'
            ? new Date(Date.now() + parseGoDuration(body.ban_duration))
            : null,
      });
      return { status: 200, json: userJson(user) };
    }

    const adminFactors = /^\/admin\/users\/([0-9a-f-]{36})\/factors(?:\/([0-9a-f-]{36}))?$/.exec(path);
    if (adminFactors) {
      requireAdmin(req);
      const user = users.get(adminFactors[1]!);
      if (!user) throw new HttpError(404, 'user_not_found', 'User not found');
      if (method === 'GET' && !adminFactors[2]) return { status: 200, json: factorsOfUser(user.id).map(factorJson) };
      const factor = adminFactors[2] ? factors.get(adminFactors[2]) : undefined;
      if (method === 'DELETE' && factor?.userId === user.id) {
        factors.delete(factor.id);
        return { status: 200, json: factorJson(factor) };
      }
      if (method === 'DELETE') throw new HttpError(404, 'mfa_factor_not_found', 'Factor not found');
    }

    const one = /^\/admin\/users\/([0-9a-f-]{36})$/.exec(path);
    if (one) {
      requireAdmin(req);
      const user = users.get(one[1]!);
      if (!user) throw new HttpError(404, 'user_not_found', 'User not found');
      if (method === 'GET') return { status: 200, json: userJson(user) };
      if (method === 'PUT') {
        if (typeof body.ban_duration === 'string' && body.ban_duration !== '') {
          user.bannedUntil = body.ban_duration === 'none' ? null : new Date(Date.now() + parseGoDuration(body.ban_duration));
        }
        if (body.email !== undefined) user.email = checkEmail(body.email, user.id);
        if (body.password !== undefined) user.password = checkPassword(body.password);
        if (body.email_confirm === true && !user.emailConfirmedAt) user.emailConfirmedAt = new Date();
        if (body.user_metadata && typeof body.user_metadata === 'object') {
          user.userMetadata = { ...user.userMetadata, ...(body.user_metadata as object) };
        }
        user.updatedAt = new Date();
        return { status: 200, json: userJson(user) };
      }
    }

    throw new HttpError(404, 'not_found', `No route for ${method} ${url.pathname}`);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', baseUrl);
      requests.push({ method: req.method ?? 'GET', path: `${url.pathname}${url.search}` });
      const send = (status: number, json?: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, {
          'x-supabase-api-version': API_VERSION,
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        });
        res.end(json === undefined ? undefined : JSON.stringify(json));
      };
      if (failure !== null) return send(failure, { message: 'upstream unavailable' });
      // The API gateway in front of GoTrue refuses any request without a project key.
      const apikey = req.headers.apikey;
      if (apikey !== options.anonKey && apikey !== options.serviceRoleKey) {
        return send(401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
      }
      let body: Record<string, unknown> = {};
      try {
        if (chunks.length > 0) body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return send(400, { code: 'bad_json', message: 'Could not parse request body as JSON' });
      }
      route(req, url, body)
        .then((r) => send(r.status, r.json, r.headers))
        .catch((error: unknown) => {
          if (error instanceof HttpError) return send(error.status, { code: error.code, message: error.message, ...error.extra });
          send(500, { code: 'unexpected_failure', message: String(error) });
        });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
    addUser: (input) => {
      const user = createUser({
        email: checkEmail(input.email),
        password: input.password,
        userMetadata: input.name ? { name: input.name } : {},
        confirmed: input.confirmed ?? true,
        bannedUntil: input.banned ? new Date(Date.now() + 100 * 365 * 86_400_000) : null,
      });
      return { id: user.id, email: user.email };
    },
    findUser: (email) => {
      const u = findByEmail(email);
      if (!u) return null;
      const name = typeof u.userMetadata.name === 'string' ? u.userMetadata.name : null;
      return { id: u.id, email: u.email, name, bannedUntil: u.bannedUntil };
    },
    addTotpFactor: (userId, friendlyName = '') => {
      const factor = newFactor(userId, friendlyName);
      factor.status = 'verified';
      return { id: factor.id, secret: factor.secret };
    },
    factorsOf: (userId) => factorsOfUser(userId).map((f) => ({ id: f.id, status: f.status })),
    liveSessions: (userId) => [...sessions.values()].filter((s) => s.userId === userId && !s.revoked).length,
    setAccessTokenTtl: (seconds) => {
      accessTokenTtl = seconds;
    },
    failWith: (status) => {
      failure = status;
    },
  };
}

function bearerOf(req: http.IncomingMessage): string | null {
  const header = req.headers.authorization;
  return header?.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : null;
}
