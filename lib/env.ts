/**
 * Configuration, validated once with zod. Code imports `env` from here and never reads
 * `process.env` elsewhere, so a bad value fails at start-up with a clear message.
 */
import path from 'node:path';
import { z } from 'zod';

const optionalUrl = (example: string) =>
  z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .pipe(z.url({ message: `doit être une URL complète (ex. ${example})` }).optional());

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Where the embedded database and uploaded files live. */
  DATA_DIR: z.string().trim().min(1).default('.data'),
  /** Where `npm run backup` writes its archives. */
  BACKUP_DIR: z.string().trim().min(1).default('backups'),
  /** Any Postgres (Supabase included). When absent, the embedded PGlite database is used. */
  DATABASE_URL: optionalUrl('postgres://user:pass@hôte:5432/base'),
  /** Size of the Postgres connection pool per app instance. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** Prepared statements; turn off behind a transaction pooler (Supabase's port 6543, PgBouncer). */
  DATABASE_PREPARE: z
    .enum(['true', 'false'], { message: 'doit valoir true ou false' })
    .default('true')
    .transform((v) => v === 'true'),
  /** Seconds to wait for a Postgres connection before the request fails (instead of hanging while the database is down). */
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(5),
  /** Longest a Postgres statement may run, in milliseconds (`0`: no limit; set 0 behind a pooler that refuses startup parameters). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** Public base URL of the site, used for canonical links, sitemap and Open Graph. */
  SITE_URL: z.url({ message: 'doit être une URL complète (ex. https://www.institut-stat.example)' }).default('http://localhost:3000'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Base URL the browser uses for the user API (public runtime setting). */
  NEXT_PUBLIC_API_BASE_URL: z.string().trim().min(1).default('/api'),
  /** Name of the session cookie. */
  SESSION_COOKIE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'lettres, chiffres, - et _ uniquement')
    .default('insstat_session'),
  /** Seconds a public page may be served before it is regenerated in the background. */
  PUBLIC_REVALIDATE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** Seconds the front page cache replays a page Next served from its cache (0 turns it off). */
  PAGE_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  /** Memory the front page cache may use, in megabytes. */
  PAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(64),
  /**
   * Seconds a shared cache without purging (nginx, a browser's proxy) may serve a public answer
   * (`s-maxage`); never past the next scheduled change (lib/http/cache-headers.ts).
   */
  CACHE_SHARED_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  /** Seconds a purged cache (Varnish, a CDN: `Surrogate-Control`, `CDN-Cache-Control`) may keep a tagged answer. */
  CACHE_PURGED_SECONDS: z.coerce.number().int().min(0).max(31_536_000).default(3600),
  /** Seconds a shared cache may serve its last copy while the site answers errors (`stale-if-error`). */
  CACHE_STALE_IF_ERROR_SECONDS: z.coerce.number().int().min(0).max(604_800).default(86_400),
  /** Which cache in front is purged by tag after every write (lib/cache/purge/). */
  CACHE_PURGE: z
    .enum(['none', 'varnish', 'http', 'cloudflare'], { message: 'doit valoir none, varnish, http ou cloudflare' })
    .default('none'),
  /**
   * Varnish's address (CACHE_PURGE=varnish) or the hook that receives `{ "tags": [...] }`
   * (CACHE_PURGE=http); several separated by commas (one per Varnish server).
   */
  CACHE_PURGE_URL: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ message: 'doit être une liste d’URL complètes séparées par des virgules (ex. http://127.0.0.1:6081/)' }))),
  /** Bearer token of the purge hook (CACHE_PURGE=http) or Cloudflare API token with « Cache Purge » (CACHE_PURGE=cloudflare). */
  CACHE_PURGE_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  /** Cloudflare zone whose cache is purged (CACHE_PURGE=cloudflare). */
  CLOUDFLARE_ZONE_ID: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  /** Cloudflare's API base (tests point it at a local server). */
  CLOUDFLARE_API_URL: z.url({ message: 'doit être une URL complète' }).default('https://api.cloudflare.com/client/v4'),
  /**
   * Seconds between two safety-net checks for scheduled publications whose time has come (the
   * scheduler also runs at the second of each due time it knows of).
   */
  SCHEDULER_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  /**
   * Processes of the production server answering on one port (node:cluster), `auto` for one per
   * core. Postgres only: PGlite is opened by one process, so it always runs one.
   */
  SERVER_WORKERS: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(64)], { error: 'un nombre de 1 à 64, ou auto' })
    .default('auto'),
  /**
   * A line in the server's log when a process stops answering for this long at once (one turn of
   * its event loop, with the second's longest garbage-collection pause); 0 turns it off.
   */
  EVENT_LOOP_WARN_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /**
   * Listening sockets per server process on its port (SO_REUSEPORT, lib/http/listen.ts): each turn of
   * the event loop accepts one new connection per socket, so a crowd arriving at once gets in this
   * many at a time. 1: one socket, as Node does by itself.
   */
  LISTEN_SOCKETS: z.coerce.number().int().min(1).max(64).default(16),
  /** The institute's time zone (IANA name): release times are announced and shown in it. */
  TIME_ZONE: z
    .string()
    .trim()
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('fr-FR', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'doit être un fuseau horaire IANA, par exemple Africa/Ouagadougou ou Europe/Paris')
    .default('UTC'),
  /** Text extraction of uploaded PDF, XLSX and CSV files for the search (`off` on a host too small for it). */
  SEARCH_EXTRACTION: z
    .enum(['on', 'off'], { message: 'doit valoir on ou off' })
    .default('on')
    .transform((v) => v === 'on'),
  /**
   * Visitors' searches answered from an index in each app instance's memory (`lib/search/memory.ts`),
   * Postgres writing only the excerpts; `off` answers everything in SQL (a host short of memory).
   */
  SEARCH_MEMORY_INDEX: z
    .enum(['on', 'off'], { message: 'doit valoir on ou off' })
    .default('on')
    .transform((v) => v === 'on'),
  /** Search suggestions (header box): requests per minute and per address (per app instance). */
  SEARCH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1, 'doit être un entier positif').default(120),
  /** Open series API: requests per minute and per address (per app instance). */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1, 'doit être un entier positif').default(300),
  /** REF_AREA of SDMX-CSV downloads (ISO 3166 alpha-2). */
  SDMX_REF_AREA: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{2,3}$/, 'doit être un code pays ISO (2 ou 3 lettres majuscules)')
    .default('SH'),
  /** Interface the server listens on. */
  HOSTNAME: z.string().trim().min(1).default('0.0.0.0'),
  /** Sign-in mode: `embedded` (accounts in our database), `supabase` (Supabase Auth) or `upstream` (an existing user API). */
  AUTH_MODE: z.enum(['embedded', 'supabase', 'upstream'], { message: 'doit valoir embedded, supabase ou upstream' }).default('embedded'),
  /** Supabase project URL (AUTH_MODE=supabase), e.g. https://abcd.supabase.co. */
  SUPABASE_URL: optionalUrl('https://abcd.supabase.co'),
  /** Supabase anon (publishable) key (AUTH_MODE=supabase). */
  SUPABASE_ANON_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  /** Supabase service-role key, server only: listing and managing accounts (AUTH_MODE=supabase). */
  SUPABASE_SERVICE_ROLE_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  /**
   * Key that encrypts second-factor (TOTP) secrets at rest: 32 bytes in base64 (`openssl rand -base64 32`).
   * Absent: a key is generated once under DATA_DIR/secrets/ (one server; set it for several instances).
   */
  MFA_ENCRYPTION_KEY: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .refine((v) => v === undefined || Buffer.from(v, 'base64').length === 32, {
      message: 'doit être une clé de 32 octets encodée en base64 (générez-la avec : openssl rand -base64 32)',
    }),
  /** Base URL of an existing user API with the same contract (AUTH_MODE=upstream), e.g. https://auth.example/api. */
  AUTH_UPSTREAM_URL: optionalUrl('https://auth.institut.example/api'),
  /** Reverse proxies in front of the app whose X-Forwarded-For is trusted for the client address (0 = none). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Where uploaded files are stored: `local` (DATA_DIR/files on this server) or `s3` (any S3-compatible service). */
  STORAGE_DRIVER: z.enum(['local', 's3'], { message: 'doit valoir local ou s3' }).default('local'),
  /** Endpoint of an S3-compatible service (STORAGE_DRIVER=s3), e.g. https://abcd.supabase.co/storage/v1/s3; empty for AWS. */
  S3_ENDPOINT: optionalUrl('https://abcd.supabase.co/storage/v1/s3'),
  /** Region of the bucket (STORAGE_DRIVER=s3): `eu-west-3` on AWS, `auto` on R2, the project's region on Supabase. */
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** Bucket the files go to (STORAGE_DRIVER=s3); it must exist and stay private. */
  S3_BUCKET: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  /** Access key id with read/write rights on the bucket (STORAGE_DRIVER=s3). */
  S3_ACCESS_KEY_ID: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  /** Secret access key, server only (STORAGE_DRIVER=s3). */
  S3_SECRET_ACCESS_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  /** Path-style URLs (endpoint/bucket/key); true for Supabase and MinIO, false for AWS and R2. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { message: 'doit valoir true ou false' })
    .default('false')
    .transform((v) => v === 'true'),
  /** Largest file an administrator may upload, in megabytes. */
  UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(10_240).default(500),
  /**
   * Secret of `GET /api/cron` (sent as `Authorization: Bearer …`), the scheduled work of hosts without
   * the production server's timers (`next start`, serverless). Without it the route answers 404.
   */
  CRON_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.string().min(16, 'doit compter au moins 16 caractères (ex. openssl rand -hex 32)').optional()),
  /**
   * Outgoing mail of the email alerts (lib/alerts/mailer.ts), e.g. `smtps://user:pass@smtp.example:465` or
   * `smtp://relay.internal:25`. Absent: messages are written as `.eml` files under DATA_DIR/mail/ (nothing is sent).
   */
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(
      z
        .string()
        .regex(/^smtps?:\/\/[^\s]+$/, 'doit commencer par smtp:// ou smtps:// (ex. smtps://user:pass@smtp.example:465)')
        .optional(),
    ),
  /** Sender of the alerts, e.g. `Institut de statistique <alertes@institut-stat.example>`. */
  MAIL_FROM: z.string().trim().min(3).default('Institut de statistique <alertes@localhost>'),
  /** DKIM signing (optional, both or none): the signing domain and selector, e.g. `institut-stat.example` and `alertes2026`. */
  DKIM_DOMAIN: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  DKIM_SELECTOR: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  /** Path of the PEM private key whose public half is published at `{selector}._domainkey.{domain}`. */
  DKIM_PRIVATE_KEY_FILE: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  /**
   * The licence of the open data (the DCAT-AP catalogue's `dct:license`, lib/dcat): an IRI, by
   * default the EU vocabulary's Creative Commons Attribution 4.0. Etalab's Licence Ouverte 2.0 is
   * `https://www.etalab.gouv.fr/licence-ouverte-open-licence/`.
   */
  OPEN_DATA_LICENSE: z
    .url({ message: 'doit être l’adresse (IRI) d’une licence, ex. http://publications.europa.eu/resource/authority/licence/CC_BY_4_0' })
    .default('http://publications.europa.eu/resource/authority/licence/CC_BY_4_0'),
  /**
   * The territory the data covers (`dct:spatial`): an IRI such as the EU country vocabulary's
   * (`http://publications.europa.eu/resource/authority/country/SEN`) or GeoNames'. Unset: the
   * catalogue names the institute's country (/admin/about) under its own address.
   */
  OPEN_DATA_SPATIAL: optionalUrl('http://publications.europa.eu/resource/authority/country/SEN'),
  /**
   * A clock the end-to-end tests can move forward (lib/clock.ts, `POST /api/test/horloge`): `on` only
   * on a test server, listening on loopback with a loopback SITE_URL; refused anywhere else.
   */
  INSSTAT_TEST_CLOCK: z
    .enum(['on', 'off'], { message: 'doit valoir on ou off' })
    .default('off')
    .transform((v) => v === 'on'),
  /** Set by `npm run build` for Next's build workers: the database copy they read. */
  INSSTAT_BUILD_SNAPSHOT: z.string().optional(),
  /** Set by Next itself (`phase-production-build` during `next build`). */
  NEXT_PHASE: z.string().optional(),
});

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

const checked = schema.superRefine((v, ctx) => {
  if (v.INSSTAT_TEST_CLOCK && (!LOOPBACK.has(v.HOSTNAME) || !LOOPBACK.has(new URL(v.SITE_URL).hostname))) {
    ctx.addIssue({
      code: 'custom',
      path: ['INSSTAT_TEST_CLOCK'],
      message: 'réservé aux serveurs de test : HOSTNAME et SITE_URL doivent être en boucle locale (127.0.0.1)',
    });
  }
  if (v.AUTH_MODE === 'supabase') {
    if (!v.SUPABASE_URL) ctx.addIssue({ code: 'custom', path: ['SUPABASE_URL'], message: 'obligatoire quand AUTH_MODE=supabase' });
    if (!v.SUPABASE_ANON_KEY)
      ctx.addIssue({ code: 'custom', path: ['SUPABASE_ANON_KEY'], message: 'obligatoire quand AUTH_MODE=supabase' });
  }
  if (v.AUTH_MODE === 'upstream' && !v.AUTH_UPSTREAM_URL) {
    ctx.addIssue({ code: 'custom', path: ['AUTH_UPSTREAM_URL'], message: 'obligatoire quand AUTH_MODE=upstream' });
  }
  if (Boolean(v.DKIM_DOMAIN) !== Boolean(v.DKIM_SELECTOR) || Boolean(v.DKIM_DOMAIN) !== Boolean(v.DKIM_PRIVATE_KEY_FILE)) {
    ctx.addIssue({ code: 'custom', path: ['DKIM_DOMAIN'], message: 'DKIM_DOMAIN, DKIM_SELECTOR et DKIM_PRIVATE_KEY_FILE vont ensemble' });
  }
  if ((v.CACHE_PURGE === 'varnish' || v.CACHE_PURGE === 'http') && v.CACHE_PURGE_URL.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['CACHE_PURGE_URL'], message: `obligatoire quand CACHE_PURGE=${v.CACHE_PURGE}` });
  }
  if (v.CACHE_PURGE === 'cloudflare') {
    for (const key of ['CLOUDFLARE_ZONE_ID', 'CACHE_PURGE_TOKEN'] as const) {
      if (!v[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'obligatoire quand CACHE_PURGE=cloudflare' });
    }
  }
  if (v.STORAGE_DRIVER === 's3') {
    for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!v[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'obligatoire quand STORAGE_DRIVER=s3' });
    }
  }
});

export type Env = z.infer<typeof schema>;

/** Validates a set of variables (the process's own by default); throws a French message naming each bad one. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = checked.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(racine)'} : ${i.message}`);
    throw new Error(`Configuration invalide (voir .env.example) :\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export const env = parseEnv();

/** Absolute path of the data directory. */
export const dataDir = path.resolve(env.DATA_DIR);
