/**
 * Writes and back-office requests still without an answer after `UNANSWERED_AFTER_MS` are logged
 * once (method, address, server action), then again when they end: a server action that never
 * answered in CI (the editor's button pending for good) left no trace of where it stood. Readers'
 * public GETs are not followed (the page cache bounds their waits, and they are many).
 *
 * No listener per answer (Next already puts ten `close` listeners on some): a timer looks at the
 * followed answers every few seconds and forgets those that ended.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const UNANSWERED_AFTER_MS = 15_000;
const LOOK_EVERY_MS = 5_000;

type Followed = { req: IncomingMessage; startedAt: number; said: boolean };

const followed = new Map<ServerResponse, Followed>();
let timer: NodeJS.Timeout | undefined;

const isFollowed = (req: IncomingMessage) =>
  (req.method !== 'GET' && req.method !== 'HEAD') || /^\/(admin|api\/admin)(\/|\?|$)/.test(req.url ?? '');

function describe(req: IncomingMessage): string {
  const action = req.headers['next-action'];
  const path = (req.url ?? '/').split('?')[0];
  return `${req.method} ${path}${typeof action === 'string' ? ` (action ${action.slice(0, 12)})` : ''}`;
}

/** Looks at the followed answers: says those waiting too long, forgets those that ended. */
export function lookAtUnanswered(now = Date.now(), log: (line: string) => void = console.warn): void {
  for (const [res, f] of followed) {
    // Answered, or its reader gone (the socket closed under it).
    const ended = res.writableFinished || res.destroyed || !res.socket || res.socket.destroyed;
    if (ended) {
      followed.delete(res);
      if (f.said)
        log(
          `[requêtes] ${describe(f.req)} : fin après ${((now - f.startedAt) / 1000).toFixed(1)} s (au plus ${LOOK_EVERY_MS / 1000} s près).`,
        );
      continue;
    }
    // An upload still arriving is not waiting for the server.
    if (!f.said && f.req.complete && now - f.startedAt >= UNANSWERED_AFTER_MS) {
      f.said = true;
      log(
        `[requêtes] ${describe(f.req)} sans réponse depuis ${((now - f.startedAt) / 1000).toFixed(0)} s ` +
          `(en-tête ${res.headersSent ? 'envoyé' : 'pas encore envoyé'}).`,
      );
    }
  }
  if (followed.size === 0 && timer) {
    clearInterval(timer);
    timer = undefined;
  }
}

/** Follows `res` if `req` is a write or a back-office request (the production server, for each request). */
export function followAnswer(req: IncomingMessage, res: ServerResponse, now = Date.now()): void {
  if (!isFollowed(req)) return;
  followed.set(res, { req, startedAt: now, said: false });
  if (!timer) {
    timer = setInterval(() => lookAtUnanswered(), LOOK_EVERY_MS);
    timer.unref();
  }
}

/** How many answers are followed (tests). */
export const followedCount = () => followed.size;
