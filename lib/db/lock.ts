/**
 * Exclusive lock on the embedded database directory. PGlite allows one process per data
 * directory: a second opener silently loses rows, so the second process must fail loudly.
 */
import fs from 'node:fs';

export class DatabaseLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly holderPid: number,
    readonly holder: string,
  ) {
    super(
      `La base de données embarquée (${lockPath.replace(/\.lock$/, '')}) est déjà ouverte par un autre processus ` +
        `(PID ${holderPid}${holder ? `, « ${holder} »` : ''}). PGlite n'accepte qu'un processus à la fois : ` +
        `arrêtez le serveur avant de lancer cette commande, ou passez à Postgres avec DATABASE_URL. ` +
        `Si ce processus n'existe plus, supprimez ${lockPath}.`,
    );
    this.name = 'DatabaseLockedError';
  }
}

type LockInfo = { pid: number; command: string; since: string };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(lockPath: string): LockInfo | null {
  try {
    return JSON.parse(fs.readFileSync(lockPath, 'utf8')) as LockInfo;
  } catch {
    return null;
  }
}

/**
 * Takes the lock `${dir}.lock` for this process, or throws `DatabaseLockedError` when a live
 * process holds it. A lock left by a dead process is taken over. Returns the release function.
 */
export function acquireDirectoryLock(dir: string, command = process.argv.slice(1).join(' ')): () => void {
  const lockPath = `${dir}.lock`;
  const info: LockInfo = { pid: process.pid, command: command.slice(0, 200), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(info), { flag: 'wx' });
      const release = () => {
        if (readLock(lockPath)?.pid === process.pid) fs.rmSync(lockPath, { force: true });
        process.off('exit', release);
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(lockPath);
      if (holder && holder.pid !== process.pid && isAlive(holder.pid)) {
        throw new DatabaseLockedError(lockPath, holder.pid, holder.command);
      }
      if (holder?.pid === process.pid) {
        throw new Error(`Ce processus a déjà ouvert ${dir} : la base doit être ouverte une seule fois (voir lib/db/index.ts).`);
      }
      // Stale lock (its process is gone, or the file is unreadable): move it aside atomically and retry.
      try {
        fs.renameSync(lockPath, `${lockPath}.stale-${process.pid}`);
        fs.rmSync(`${lockPath}.stale-${process.pid}`, { force: true });
      } catch {
        // Someone else moved it first; retry and meet their lock.
      }
    }
  }
  throw new Error(`Impossible de verrouiller ${lockPath}.`);
}
