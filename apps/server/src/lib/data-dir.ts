import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLockFile, readLockFile, replaceLockFile, takeoverToken } from './lock-file.js';
import { currentOwner, isRunning, type LockOwner } from './process-identity.js';

const ATTEMPTS = 40;
const RETRY_MS = 25;

/**
 * Takes an exclusive lock on the data folder: PGlite has no lock between processes, and two
 * servers on one folder would corrupt it. The lock file names its owner by pid, process start
 * time and boot, so a dead owner's lock is taken over even when its pid now belongs to another
 * process. Creating the lock and taking a stale one over are both atomic (link, then an
 * exclusive takeover token and a rename), so two servers starting at once never both win.
 * Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'server.lock');
  const me = currentOwner();
  const content = JSON.stringify(me);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (createLockFile(lockPath, content)) return releaser(lockPath, content);
    const held = readLockFile(lockPath);
    if (held === 'missing') continue;
    if (held !== 'unreadable' && isRunning(held)) throw inUse(dataDir, held);
    // A lock being written right now reads empty: give its writer a moment before judging it.
    if (held === 'unreadable' && attempt < ATTEMPTS / 2) {
      sleep(RETRY_MS);
      continue;
    }
    if (takeOver(lockPath, held, content)) return releaser(lockPath, content);
    sleep(RETRY_MS);
  }
  throw new Error(`Could not lock the data folder ${dataDir}: another process keeps changing it.`);
}

/**
 * Replaces the stale lock `held` with ours. Only the holder of the takeover token of that
 * owner may replace it, and it checks under the token that the lock still names that owner:
 * a process that judged the same lock stale a moment ago cannot replace a newer, live one.
 * Exported for its test.
 */
export function takeOver(
  lockPath: string,
  held: LockOwner | 'unreadable',
  content: string,
): boolean {
  const token = takeoverToken(lockPath, held);
  if (!token) return false;
  try {
    const now = readLockFile(lockPath);
    if (JSON.stringify(now) !== JSON.stringify(held)) return false;
    replaceLockFile(lockPath, content);
    return true;
  } finally {
    token.release();
  }
}

/** Removes the lock when it is still ours (never a lock someone else holds). */
function releaser(lockPath: string, content: string): () => void {
  return () => {
    const held = readLockFile(lockPath);
    if (typeof held === 'object' && JSON.stringify(held) === content) {
      replaceLockFile(lockPath, null);
    }
  };
}

function inUse(dataDir: string, owner: LockOwner): Error {
  return new Error(
    `The data folder ${dataDir} is in use by another server (pid ${owner.pid}). Stop it first, or set DATA_DIR.`,
  );
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** File of the generated secret inside the data folder. */
const SECRET_FILE = 'app-secret';

/** A new random app secret (64 characters). */
export const newAppSecret = (): string => randomBytes(48).toString('base64url');

/**
 * APP_SECRET when set; otherwise one generated once into the data folder (mode 600). For one
 * process on PGlite; on PostgreSQL every instance shares the database's secret (app-secret.ts).
 */
export function loadOrCreateSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const existing = readSecretFile(dataDir);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const secret = newAppSecret();
  const path = join(dataDir, SECRET_FILE);
  try {
    writeFileSync(path, secret, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Never overwrite a secret file: what it sealed would be lost. An empty one is a mistake.
    if ((err as { code?: unknown }).code !== 'EEXIST') throw err;
    throw new Error(`${path} is empty or unreadable: restore it, or set APP_SECRET.`, {
      cause: err,
    });
  }
  return secret;
}

/** The secret generated into the data folder earlier, if there is one (never creates it). */
export function readSecretFile(dataDir: string): string | undefined {
  try {
    return readFileSync(join(dataDir, SECRET_FILE), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}
