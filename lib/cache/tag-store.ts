/**
 * One truth about cache tags for every app instance, and across restarts.
 *
 * Next expires a tag only in the process that calls `revalidateTag`. Here every write also raises
 * the tag's row in `cache_tags` (a new `seq`, dated by the database) and, on Postgres, notifies
 * the other instances (`NOTIFY insstat_cache`). Each process keeps `tag → { seq, at }` in memory:
 * filled from the table at start (so a restarted instance never serves an entry written before the
 * last write of one of its tags, the build's prerendered pages included), kept fresh by `LISTEN`,
 * and caught up by a query of the rows changed lately when a handler asks (`refreshTags`), after a
 * reconnection, or when a notification was too large to carry its tags.
 *
 * A write answers once every other live instance acknowledged its notification (each does after
 * applying it, and instances announce themselves on the channel), so the very next request to any
 * instance — however soon — sees the change.
 *
 * The cache handlers (`lib/cache/handlers/*.mjs`) reach the process's store through `globalThis`
 * and treat as a miss any entry written at or before the time this process learned of a change of
 * one of its tags. PGlite (one process) has no broadcast: the table only serves restarts there.
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import type { Db } from '@/lib/db/open';
import { queryRows } from '@/lib/db/raw';
import { FLOOR_TAG } from './prune';

export const CACHE_CHANNEL = 'insstat_cache';

/**
 * At start, a tag's change is dated by the database's clock plus this margin (capped at the local
 * clock): entries written on this host up to a second after the change are also dropped, so clocks
 * that disagree by less than that never let an older entry through. While running, a change is
 * dated by the local clock when it is learned, which needs no agreement between clocks.
 */
const CLOCK_MARGIN_MS = 1_000;
/**
 * Catch-up reads the rows changed since the previous read, minus this overlap: a write whose
 * statement began before that read but committed after it is not missed (a bump is one short
 * statement). Rows seen twice are ignored by their `seq`.
 */
const CATCH_UP_OVERLAP_MS = 5_000;
/** NOTIFY payloads stop at 8000 bytes: beyond this, the notification only says « catch up ». */
const MAX_PAYLOAD_BYTES = 7_900;
/**
 * A write waits (at most this long) before it answers for its own notification to come back and
 * for every other live instance to acknowledge it — each does once it has applied the change — so
 * a request sent to any of them right after the answer finds the change already applied. An
 * instance that died without saying goodbye costs this wait until it is forgotten (`PEER_TTL_MS`).
 */
const ACK_TIMEOUT_MS = 250;
/** Each instance says it is alive this often on the channel… */
const HEARTBEAT_MS = 10_000;
/** …and is forgotten when silent for this long. */
const PEER_TTL_MS = 3 * HEARTBEAT_MS;

type TagChange = { seq: number; at: number };
/**
 * Messages on the channel. A write — `o`: the writing process, `n`: the write's number there,
 * `t`: `[tag, seq]` pairs, absent when too large. An acknowledgement — `a`: the writer, `n`, `f`:
 * the acknowledging process. Presence — `h`: a process alive (`r`: in reply to a newcomer's),
 * `b`: a process leaving.
 */
type Notification = { o?: string; n?: number; t?: [string, number][]; a?: string; f?: string; h?: string; r?: boolean; b?: string };

export type TagStore = {
  /** This process's id in notifications (its own are ignored). */
  readonly origin: string;
  /** Reads the table (every row) and, on Postgres, starts listening. Resolves once both are done. */
  start(): Promise<void>;
  /**
   * Records a change of these tags (one statement: upsert, then NOTIFY on Postgres). Awaited by
   * every write before it answers, so the other instances know before the editor sees « enregistré ».
   */
  bump(tags: readonly string[]): Promise<void>;
  /**
   * Whether one of `tags` changed at or after `writtenAt` (ms since the epoch, this host's clock):
   * the entry written then must not be served. Synchronous and in memory: called on every cache hit.
   */
  isStale(tags: Iterable<string>, writtenAt: number): boolean;
  /** When this process last learned of a change of any tag (ms since the epoch; 0 before any). */
  lastChangeAt(): number;
  /** Reads the rows changed since the last read (concurrent callers share one query). */
  catchUp(): Promise<void>;
  /**
   * Before a request reads `'use cache'` entries (the handler's `refreshTags`): a catch-up where
   * other processes write (Postgres); nothing on PGlite, where this process made every change.
   */
  refresh(): Promise<void>;
  /** The catch-up under way after a notification without tags or a reconnection, if any. */
  pending(): Promise<void> | undefined;
  close(): Promise<void>;
};

export type TagStoreOptions = {
  db: Db;
  /** Postgres URL for the LISTEN connection; absent on PGlite (no other process to hear from). */
  listenUrl?: string;
  /** Called when another process changed tags: drop this process's own caches (front cache, 404 index). */
  onRemoteChange?: (tags: readonly string[] | null) => void;
  /** Errors of the background work (lost connection, failed catch-up). */
  onError?: (error: unknown) => void;
  /**
   * Called after each of this process's bumps, once the caller has gone on (a macrotask later:
   * `invalidateTags` has begun its page renders): purge the caches in front (lib/cache/purge).
   */
  onLocalChange?: (tags: readonly string[]) => void;
};

export function createTagStore(options: TagStoreOptions): TagStore {
  const { db, listenUrl } = options;
  const origin = randomUUID();
  const changes = new Map<string, TagChange>();
  const startedAt = Date.now();
  let loaded = false;
  /** Entries written at or before this time (ms) are stale: changes older than it were pruned. */
  let floor = 0;
  /** Database clock (ms) of the last catch-up's read; null before the first full read. */
  let readUpTo: number | null = null;
  let inFlight: Promise<void> | null = null;
  let background: Promise<void> | null = null;
  let listener: postgres.Sql | null = null;
  let writes = 0;
  /** Writes of this process waiting for their echo and their acknowledgements. */
  const waiting = new Map<number, { echoed: boolean; peers: Set<string>; done: () => void }>();
  /** Other live processes on the channel, by when they were last heard. */
  const peers = new Map<string, number>();
  let heartbeat: NodeJS.Timeout | null = null;

  const say = (message: Notification) =>
    queryRows(db, sql`select pg_notify(${CACHE_CHANNEL}, ${JSON.stringify(message)})`).catch((error: unknown) => options.onError?.(error));
  const livePeers = () => {
    const now = Date.now();
    for (const [peer, seen] of peers) if (now - seen > PEER_TTL_MS) peers.delete(peer);
    return new Set(peers.keys());
  };
  const settle = (write: number) => {
    const w = waiting.get(write);
    if (w && w.echoed && w.peers.size === 0) w.done();
  };

  /** Records a change; true when it is news to this process. */
  let latestChange = 0;
  const apply = (tag: string, seq: number, at: number): boolean => {
    const known = changes.get(tag);
    if (known && known.seq >= seq) return false;
    changes.set(tag, { seq, at: Math.max(at, known?.at ?? 0) });
    latestChange = Math.max(latestChange, at);
    return true;
  };

  const read = async (): Promise<string[]> => {
    const initial = readUpTo === null;
    const since = initial ? null : readUpTo! - CATCH_UP_OVERLAP_MS;
    const [row] = await queryRows<{ now: number; rows: [string, number, number][] }>(
      db,
      sql`select (extract(epoch from clock_timestamp()) * 1000)::float8 as now,
            coalesce(json_agg(json_build_array(tag, seq, (extract(epoch from revalidated_at) * 1000)::float8)), '[]'::json) as rows
          from cache_tags ${since === null ? sql`` : sql`where revalidated_at > to_timestamp(${since / 1000})`}`,
    );
    if (!row) return [];
    const now = Date.now();
    const learned: string[] = [];
    for (const [tag, seq, dbAt] of typeof row.rows === 'string' ? (JSON.parse(row.rows) as [string, number, number][]) : row.rows) {
      // Rows deleted by the pruning (lib/cache/prune.ts) changed at or before the floor: at start,
      // nothing written then is trusted. A running process already knew those changes.
      if (tag === FLOOR_TAG) {
        if (initial) floor = Math.max(floor, Math.min(now, Number(dbAt) + CLOCK_MARGIN_MS));
        continue;
      }
      // At start: dated by the database (entries this host wrote after the change stay valid).
      // Later: dated now, the moment this process learns of it (no clock comparison at all).
      const at = initial ? Math.min(now, dbAt + CLOCK_MARGIN_MS) : now;
      if (apply(tag, Number(seq), at)) learned.push(tag);
    }
    readUpTo = Math.max(readUpTo ?? 0, Number(row.now));
    loaded = true;
    return learned;
  };

  const catchUp = (): Promise<void> => {
    inFlight ??= read()
      .then((learned) => {
        if (learned.length > 0 && readUpTo !== null) options.onRemoteChange?.(learned);
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  /** A catch-up the handlers wait for (after a bare notification or a reconnection). */
  const catchUpInBackground = () => {
    const run = catchUp().catch((error: unknown) => options.onError?.(error));
    background = run.finally(() => {
      if (background === run) background = null;
    });
  };

  const onNotification = (payload: string) => {
    let message: Notification;
    try {
      message = JSON.parse(payload) as Notification;
    } catch {
      return;
    }
    const from = message.o ?? message.f ?? message.h ?? message.b;
    if (!from) return;
    if (from === origin) {
      if (message.o !== undefined && message.n !== undefined) {
        const w = waiting.get(message.n);
        if (w) w.echoed = true;
        settle(message.n);
      }
      return;
    }
    if (message.b !== undefined) {
      peers.delete(from);
      for (const [write, w] of waiting) if (w.peers.delete(from)) settle(write);
      return;
    }
    const known = peers.has(from);
    peers.set(from, Date.now());
    if (message.h !== undefined) {
      // A newcomer learns at once who else is there (its writes then wait for them too).
      if (!known && !message.r) void say({ h: origin, r: true });
      return;
    }
    if (message.a !== undefined) {
      if (message.a === origin && message.n !== undefined && waiting.get(message.n)?.peers.delete(from)) settle(message.n);
      return;
    }
    const ack = () => (message.n !== undefined ? void say({ a: from, n: message.n, f: origin }) : undefined);
    if (!message.t) {
      options.onRemoteChange?.(null);
      catchUpInBackground();
      void background?.finally(ack);
      return;
    }
    const now = Date.now();
    const learned = message.t.filter(([tag, seq]) => apply(tag, seq, now)).map(([tag]) => tag);
    if (learned.length > 0) options.onRemoteChange?.(learned);
    ack();
  };

  return {
    origin,
    async start() {
      if (!loaded) await read();
      if (!listenUrl || listener) return;
      const client = postgres(listenUrl, { max: 1, onnotice: () => {} });
      try {
        // At every (re)connection, what was written while nobody listened is read (the first
        // time: what was written between the table's read above and the LISTEN).
        await client.listen(CACHE_CHANNEL, onNotification, catchUpInBackground);
      } catch (error) {
        await client.end({ timeout: 1 }).catch(() => {});
        throw error;
      }
      listener = client;
      void say({ h: origin });
      heartbeat = setInterval(() => void say({ h: origin }), HEARTBEAT_MS);
      heartbeat.unref();
      await background;
    },
    async bump(tagList) {
      // Sorted, so two writes raising the same tags lock their rows in the same order.
      const tags = [...new Set(tagList)].sort();
      if (tags.length === 0) return;
      const write = ++writes;
      const echo = listener
        ? new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, ACK_TIMEOUT_MS);
            waiting.set(write, {
              echoed: false,
              peers: livePeers(),
              done: () => {
                clearTimeout(timer);
                resolve();
              },
            });
          }).finally(() => waiting.delete(write))
        : null;
      const pointer = sql`json_build_object('o', ${origin}::text, 'n', ${write}::int)::text`;
      const notify = listenUrl
        ? sql`, pg_notify(${CACHE_CHANNEL}, case when octet_length(message) <= ${MAX_PAYLOAD_BYTES} then message else ${pointer} end)`
        : sql``;
      const [row] = await queryRows<{ rows: [string, number][] | string }>(
        db,
        sql`with bumped as (
              insert into cache_tags as c (tag, revalidated_at)
              select value, clock_timestamp() from json_array_elements_text(${JSON.stringify(tags)}::json)
              on conflict (tag) do update set seq = excluded.seq, revalidated_at = excluded.revalidated_at
              returning c.tag, c.seq
            ), changed as (
              select coalesce(json_agg(json_build_array(tag, seq)), '[]'::json) as rows from bumped
            ), payload as (
              select rows, json_build_object('o', ${origin}::text, 'n', ${write}::int, 't', rows)::text as message from changed
            )
            select rows ${notify} from payload`,
      );
      const now = Date.now();
      const rows = typeof row?.rows === 'string' ? (JSON.parse(row.rows) as [string, number][]) : (row?.rows ?? []);
      for (const [tag, seq] of rows) apply(tag, Number(seq), now);
      await echo;
      const onLocalChange = options.onLocalChange;
      if (onLocalChange) setImmediate(() => onLocalChange(tags));
    },
    isStale(tags, writtenAt) {
      // Before the table could be read (database unreachable at start), nothing written before
      // this process started is trusted.
      if (!loaded && writtenAt <= startedAt) return true;
      if (writtenAt <= floor) return true;
      for (const tag of tags) {
        const change = changes.get(tag);
        if (change && change.at >= writtenAt) return true;
      }
      return false;
    },
    lastChangeAt: () => latestChange,
    catchUp,
    refresh: () => (listenUrl ? catchUp() : Promise.resolve()),
    pending: () => background ?? undefined,
    async close() {
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      if (listener) await say({ b: origin });
      await listener?.end({ timeout: 5 });
      listener = null;
    },
  };
}
