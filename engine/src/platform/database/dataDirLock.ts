import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Which process owns a data directory's embedded PostgreSQL: the one whose process id is in
 * `<dataDir>/engine.lock`. The owner starts the cluster and stops it when it ends; other processes may
 * only attach to it. A lock whose process is gone is stale and is taken over, as PostgreSQL treats its
 * own `postmaster.pid` (including its guard against a reused process id: a lock naming this process or
 * its parent is a previous run's, as happens when a container restarts with the same process ids).
 */
export interface DataDirOwner {
  pid: number;
  /** `service` (serve, worker: runs until stopped) or `command` (an ops command: ends on its own). */
  role: 'service' | 'command';
  /** What runs, for messages: `prospect-engine serve`. */
  label: string;
}

export type LockAttempt = { acquired: true; release(): void } | { acquired: false; owner: DataDirOwner };

export function lockFile(dataDir: string): string {
  return join(dataDir, 'engine.lock');
}

/** Takes the data directory's lock for this process, or says who holds it. */
export function tryLockDataDir(dataDir: string, role: DataDirOwner['role'], label: string): LockAttempt {
  const file = lockFile(dataDir);
  const me: DataDirOwner = { pid: process.pid, role, label };
  for (let attempt = 0; attempt < 5; attempt++) {
    // Written whole under another name, then linked into place: the lock never exists half-written.
    const draft = `${file}.${process.pid}`;
    writeFileSync(draft, `${JSON.stringify(me)}\n`);
    try {
      linkSync(draft, file);
      return { acquired: true, release: () => releaseLock(file) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
    const owner = readOwner(file);
    if (owner && isRunning(owner.pid)) return { acquired: false, owner };
    removeIfUnchanged(file, owner);
  }
  throw new Error(`could not take ${file}: other processes keep taking it`);
}

/** The process holding the lock, when it still runs. */
export function currentOwner(dataDir: string): DataDirOwner | undefined {
  const owner = readOwner(lockFile(dataDir));
  return owner && isRunning(owner.pid) ? owner : undefined;
}

function readOwner(file: string): DataDirOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as DataDirOwner;
    return Number.isInteger(owner.pid) && owner.pid > 0 ? owner : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  if (pid === process.pid || pid === process.ppid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes a stale lock, unless another process has replaced it meanwhile. */
function removeIfUnchanged(file: string, stale: DataDirOwner | undefined): void {
  if (readOwner(file)?.pid !== stale?.pid) return;
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Removes the lock if it is still this process's (synchronous: it also runs on 'exit'). */
function releaseLock(file: string): void {
  if (readOwner(file)?.pid !== process.pid) return;
  try {
    unlinkSync(file);
  } catch {}
}
