import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseLockedError, acquireDirectoryLock } from './lock';
import { openDatabase } from './open';

const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const children: ChildProcess[] = [];
const tempDirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'insstat-lock-'));
  tempDirs.push(dir);
  return dir;
};

afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  for (const d of tempDirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** Starts a process that opens the PGlite directory (as the server does) and keeps it open. */
async function holdDatabase(dataDir: string): Promise<ChildProcess> {
  // `node --import tsx` rather than the tsx wrapper: one process, which kill() really ends.
  const child = spawn(process.execPath, ['--import', 'tsx', 'testing/hold-database.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += String(d);
      if (out.includes('HELD')) resolve();
    });
    child.stderr!.on('data', (d) => (out += String(d)));
    child.on('exit', (code) => reject(new Error(`holder exited ${code}: ${out}`)));
  });
  return child;
}

describe('PGlite single-process lock', () => {
  it('refuses a second process while another holds the directory, then allows it once released', async () => {
    const dataDir = tempDir();
    const dir = path.join(dataDir, 'pglite');
    const holder = await holdDatabase(dataDir);

    await expect(openDatabase({ pgliteDir: dir })).rejects.toBeInstanceOf(DatabaseLockedError);
    await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(`PID ${holder.pid}`);

    // A CLI command run while the "server" holds the directory fails with the clear message.
    const cli = spawnSync(tsx, ['scripts/migrate.ts'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(cli.status).not.toBe(0);
    expect(cli.stderr).toContain('déjà ouverte par un autre processus');

    holder.kill('SIGTERM');
    await new Promise((r) => holder.once('exit', r));
    const database = await openDatabase({ pgliteDir: dir });
    const result = await database.pglite!.query<{ one: number }>('select 1 as one');
    expect(result.rows[0]?.one).toBe(1);
    await database.close();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });

  it('takes over a lock left by a process that no longer exists', () => {
    const dir = path.join(tempDir(), 'pglite');
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    fs.writeFileSync(`${dir}.lock`, JSON.stringify({ pid: Number(dead.stdout), command: 'old', since: '' }));
    const release = acquireDirectoryLock(dir);
    expect(JSON.parse(fs.readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });
});
