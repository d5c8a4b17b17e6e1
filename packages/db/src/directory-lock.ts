import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { AssayError } from '@assay/contract';

/**
 * Takes an exclusive, process-wide lock on a folder by creating `assay.lock` holding our pid.
 * A lock left by a process that no longer runs is taken over. Returns the release function.
 */
export function acquireDirectoryLock(dir: string): () => void {
  const path = join(dir, 'assay.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          unlinkSync(path);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(path, 'utf8'));
      if (holder !== process.pid && isAlive(holder)) {
        throw new AssayError(
          'UNAVAILABLE',
          `the embedded database in ${dir} is in use by process ${holder}; stop it, or set DATABASE_URL to share a PostgreSQL server`,
          { context: { dir, pid: holder } },
        );
      }
      unlinkSync(path);
    }
  }
  throw new AssayError('UNAVAILABLE', `could not lock the embedded database in ${dir}`);
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
