/** Next's runtime page cache with the instance's data: writes moved out of the build, reads overlaid. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dataIdentity, overlayFs, pruneEarlierBuilds, runtimeCacheDir, type CacheFs } from './data-home.mjs';

const nodeFs: CacheFs = {
  existsSync: fs.existsSync,
  readFile: (p, encoding) => fs.promises.readFile(p, encoding ?? null),
  readFileSync: (p, encoding) => (encoding ? fs.readFileSync(p, encoding) : fs.readFileSync(p)),
  writeFile: (p, data) => fs.promises.writeFile(p, data as string),
  mkdir: (p) => fs.promises.mkdir(p, { recursive: true }),
  stat: (p) => fs.promises.stat(p),
};

describe('runtime page cache home', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const tmp = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'insstat-home-'));
    dirs.push(dir);
    return dir;
  };

  it('is keyed by the database: the Postgres URL, else the PGlite directory', () => {
    expect(dataIdentity({ DATA_DIR: 'a' })).not.toBe(dataIdentity({ DATA_DIR: 'b' }));
    expect(dataIdentity({ DATA_DIR: 'a', DATABASE_URL: 'postgres://x/one' })).not.toBe(
      dataIdentity({ DATA_DIR: 'a', DATABASE_URL: 'postgres://x/two' }),
    );
    expect(dataIdentity({ DATA_DIR: 'a', DATABASE_URL: 'postgres://x/one' })).not.toContain('postgres');
    expect(runtimeCacheDir('/srv/app/.next', { DATA_DIR: '/srv/data' })).toMatch(
      /^\/srv\/data\/next-cache\/[0-9a-f]{16}-[0-9a-f]{8}-[0-9a-f]{8}$/,
    );
    // Copies of the build in other folders keep their renders apart.
    expect(runtimeCacheDir('/srv/app/.next', { DATA_DIR: '/srv/data' })).not.toBe(
      runtimeCacheDir('/srv/copy/.next', { DATA_DIR: '/srv/data' }),
    );
  });

  it('starts empty for a new build in the same folder, and removes the earlier builds’ pages of that folder only', () => {
    const app = tmp();
    const data = tmp();
    const environment = { DATA_DIR: data };
    const distDir = path.join(app, '.next');
    fs.mkdirSync(distDir, { recursive: true });
    fs.writeFileSync(path.join(distDir, 'BUILD_ID'), 'first');
    const first = runtimeCacheDir(distDir, environment);
    const otherDatabase = runtimeCacheDir(distDir, { DATA_DIR: data, DATABASE_URL: 'postgres://x/other' });
    const otherFolder = runtimeCacheDir(path.join(tmp(), '.next'), environment);
    const unkeyed = first.replace(/-[0-9a-f]{8}$/, '');
    for (const dir of [first, unkeyed, otherDatabase, otherFolder]) fs.mkdirSync(path.join(dir, 'server'), { recursive: true });

    fs.writeFileSync(path.join(distDir, 'BUILD_ID'), 'second');
    const second = runtimeCacheDir(distDir, environment);
    expect(second).not.toBe(first);
    expect(path.dirname(second)).toBe(path.dirname(first));
    expect(pruneEarlierBuilds(distDir, environment).sort()).toEqual([path.basename(unkeyed), path.basename(first)].sort());
    expect(fs.existsSync(first)).toBe(false);
    expect(fs.existsSync(unkeyed)).toBe(false);
    expect(fs.existsSync(otherDatabase)).toBe(true);
    expect(fs.existsSync(otherFolder)).toBe(true);
    expect(pruneEarlierBuilds(distDir, environment)).toEqual([]);
  });

  it('writes under the instance’s folder and reads the build’s pages only when they are of its database', async () => {
    const distDir = tmp();
    const runtimeDir = tmp();
    const page = path.join(distDir, 'server', 'app', 'indice.html');
    fs.mkdirSync(path.dirname(page), { recursive: true });
    fs.writeFileSync(page, 'prérendue');

    const same = overlayFs(nodeFs, { distDir, runtimeDir, useBuild: true });
    expect(same.existsSync(page)).toBe(true);
    expect(await same.readFile(page, 'utf8')).toBe('prérendue');
    await same.mkdir(path.dirname(page));
    await same.writeFile(page, 'rendue');
    // The build is untouched; the instance reads its own copy first.
    expect(fs.readFileSync(page, 'utf8')).toBe('prérendue');
    expect(fs.readFileSync(path.join(runtimeDir, 'server', 'app', 'indice.html'), 'utf8')).toBe('rendue');
    expect(await same.readFile(page, 'utf8')).toBe('rendue');
    expect(same.readFileSync(page, 'utf8')).toBe('rendue');

    const other = overlayFs(nodeFs, { distDir, runtimeDir: tmp(), useBuild: false });
    expect(other.existsSync(page)).toBe(false);
    await expect(other.readFile(page, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(() => other.readFileSync(page, 'utf8')).toThrow(/ENOENT/);
    // Paths outside the build are left alone.
    const outside = path.join(tmp(), 'x.txt');
    fs.writeFileSync(outside, 'dehors');
    expect(await other.readFile(outside, 'utf8')).toBe('dehors');
  });
});
