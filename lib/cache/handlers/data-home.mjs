// Where Next's runtime page cache lives: with the instance's data, not in the build. Next's file
// cache writes every page it renders at run time into `.next/server`; two servers started from one
// folder on two databases then served each other's pages (issue 41). Here the handler's file
// system is an overlay: writes go to DATA_DIR/next-cache/<database>-<build folder>/, reads look there first, then
// at the build's prerendered pages — only when the build was made from this same database
// (`.next/insstat-build-data`), else those are misses and Next renders the pages from this one.
// So a different DATA_DIR or DATABASE_URL needs no rebuild. Plain JavaScript: loaded by
// incremental-cache.mjs, which Next imports by path at run time; the build scripts import it too.
import { createHash } from 'node:crypto';
import nodeFs from 'node:fs';
import path from 'node:path';

/** The build's record of the database its pages were prerendered from (scripts/next-build.ts). */
export const BUILD_DATA_FILE = 'insstat-build-data';

/**
 * Which database this process reads: the Postgres URL, else the PGlite directory (resolved as
 * lib/env.ts does). Hashed: the URL's password never reaches the disk.
 * @param {{ DATA_DIR?: string; DATABASE_URL?: string }} [environment]
 */
export function dataIdentity(environment = process.env) {
  const url = environment.DATABASE_URL?.trim();
  const source = url ? `postgres:${url}` : `pglite:${path.resolve(environment.DATA_DIR?.trim() || '.data')}`;
  return createHash('sha256').update(source).digest('hex').slice(0, 16);
}

/**
 * This instance's folder for Next's runtime page cache: keyed by the database, by the build's folder
 * and by the build itself (its BUILD_ID). Instances of one build share it (as they shared `.next`
 * before); copies of the build in other folders keep theirs apart (their renders are dated by their
 * own process only, lib/cache/handlers/render-clock.mjs); and a new build in the same folder (an
 * upgrade) starts empty: a page rendered by the previous build names its JavaScript files, which
 * the new build deleted, so served again it would load no script (seen: a ChunkLoadError and the
 * error page on the first client-side navigation after a rebuild).
 * @param {string} distDir
 * @param {{ DATA_DIR?: string; DATABASE_URL?: string }} [environment]
 */
export function runtimeCacheDir(distDir, environment = process.env) {
  return path.join(cacheRoot(environment), `${folderKey(distDir, environment)}-${buildKey(distDir)}`);
}

/** @param {{ DATA_DIR?: string }} environment */
const cacheRoot = (environment) => path.join(path.resolve(environment.DATA_DIR?.trim() || '.data'), 'next-cache');
/** The database and the build's folder: `<database>-<folder>`. */
const folderKey = (/** @type {string} */ distDir, /** @type {{ DATA_DIR?: string; DATABASE_URL?: string }} */ environment) =>
  `${dataIdentity(environment)}-${createHash('sha256').update(path.resolve(distDir)).digest('hex').slice(0, 8)}`;
/** The build in that folder (`next build` writes a new BUILD_ID each time). */
function buildKey(/** @type {string} */ distDir) {
  let id = '';
  try {
    id = nodeFs.readFileSync(path.join(distDir, 'BUILD_ID'), 'utf8').trim();
  } catch {
    // No BUILD_ID (a test's folder): one key for all.
  }
  return createHash('sha256').update(id).digest('hex').slice(0, 8);
}

/**
 * Removes the runtime page caches of the earlier builds of this folder on this database: no
 * instance serves them any more once the folder holds a new build. Others (other databases, other
 * folders) are left alone. Returns the folders removed.
 * @param {string} distDir
 * @param {{ DATA_DIR?: string; DATABASE_URL?: string }} [environment]
 */
export function pruneEarlierBuilds(distDir, environment = process.env) {
  const root = cacheRoot(environment);
  const current = path.basename(runtimeCacheDir(distDir, environment));
  const folder = folderKey(distDir, environment);
  /** @type {string[]} */
  const removed = [];
  let names = /** @type {string[]} */ ([]);
  try {
    names = nodeFs.readdirSync(root);
  } catch {
    return removed;
  }
  for (const name of names) {
    // `<database>-<folder>` alone: the same folder's pages before builds had keys of their own.
    if (!(name === folder || name.startsWith(`${folder}-`)) || name === current) continue;
    nodeFs.rmSync(path.join(root, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * Whether the build in `distDir` was prerendered from this process's database (a build without the
 * record — `next build` run by hand — is trusted, as before).
 * @param {string} distDir
 */
export function buildMatchesData(distDir) {
  try {
    return nodeFs.readFileSync(path.join(distDir, BUILD_DATA_FILE), 'utf8').trim() === dataIdentity();
  } catch {
    return true;
  }
}

/**
 * @typedef {{
 *   existsSync(p: string): boolean;
 *   readFile(p: string, encoding?: BufferEncoding): Promise<Buffer | string>;
 *   readFileSync(p: string, encoding?: BufferEncoding): Buffer | string;
 *   writeFile(p: string, data: unknown): Promise<void>;
 *   writeFileAtomic?(p: string, data: unknown): Promise<boolean>;
 *   mkdir(p: string): Promise<unknown>;
 *   stat(p: string): Promise<{ mtime: Date }>;
 * }} CacheFs
 */

/**
 * Next's cache file system, with every path under `distDir` moved to `runtimeDir` for writes, and
 * read from there first, then (when `useBuild`) from the build.
 * @param {CacheFs} fs
 * @param {{ distDir: string; runtimeDir: string; useBuild: boolean }} where
 * @returns {CacheFs}
 */
export function overlayFs(fs, { distDir, runtimeDir, useBuild }) {
  const root = path.resolve(distDir) + path.sep;
  /** @param {string} p */
  const moved = (p) => {
    const absolute = path.resolve(p);
    return absolute.startsWith(root) ? path.join(runtimeDir, absolute.slice(root.length)) : absolute;
  };
  /**
   * @template T
   * @param {string} p
   * @param {(p: string) => T} read
   * @returns {T}
   */
  const readEither = (p, read) => {
    const own = moved(p);
    if (own === path.resolve(p)) return read(p);
    /** @param {unknown} error */
    const fallBack = (error) => {
      // Missing here: the build's copy, when the build is of this database; else a miss.
      if (!useBuild || /** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
      return read(p);
    };
    try {
      const result = read(own);
      return result instanceof Promise ? /** @type {T} */ (result.catch(fallBack)) : result;
    } catch (error) {
      return fallBack(error);
    }
  };
  return {
    existsSync: (p) => fs.existsSync(moved(p)) || ((useBuild || moved(p) === path.resolve(p)) && fs.existsSync(p)),
    readFile: (p, encoding) => readEither(p, (q) => fs.readFile(q, encoding)),
    readFileSync: (p, encoding) => readEither(p, (q) => fs.readFileSync(q, encoding)),
    stat: (p) => readEither(p, (q) => fs.stat(q)),
    writeFile: (p, data) => fs.writeFile(moved(p), data),
    writeFileAtomic: fs.writeFileAtomic
      ? (p, data) => /** @type {NonNullable<CacheFs['writeFileAtomic']>} */ (fs.writeFileAtomic).call(fs, moved(p), data)
      : undefined,
    mkdir: (p) => fs.mkdir(moved(p)),
  };
}
