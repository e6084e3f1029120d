import { createHash, randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { LockOwner } from './process-identity.js';

/** File systems without hard links (some network and FUSE mounts) get O_EXCL instead. */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);
/** A takeover token older than this was left by a process that died while holding it. */
const ABANDONED_TOKEN_MS = 10_000;

/**
 * Creates the lock file holding `content` unless it exists, in one step: the content is
 * written to a temporary file first and hard-linked into place, so no reader ever sees an
 * empty lock. False when the lock exists.
 */
export function createLockFile(path: string, content: string): boolean {
  const tmp = writeTemp(path, content);
  try {
    linkSync(tmp, path);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') return false;
    if (NO_LINKS.has(code)) return createExclusive(path, content);
    throw err;
  } finally {
    rmSync(tmp, { force: true });
  }
}

function createExclusive(path: string, content: string): boolean {
  try {
    writeFileSync(path, content, { flag: 'wx' });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/** The owner named in the lock file; 'missing' without one, 'unreadable' when garbled. */
export function readLockFile(path: string): LockOwner | 'missing' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw err;
  }
  return parseOwner(text) ?? 'unreadable';
}

/** `{"pid","start","boot"}`, or a bare pid (locks written before start times were recorded). */
function parseOwner(text: string): LockOwner | null {
  if (/^\d+$/.test(text)) return { pid: Number(text), start: null, boot: null };
  try {
    const raw = JSON.parse(text) as Partial<Record<keyof LockOwner, unknown>>;
    if (!Number.isSafeInteger(raw.pid) || (raw.pid as number) <= 0) return null;
    const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
    return { pid: raw.pid as number, start: str(raw.start), boot: str(raw.boot) };
  } catch {
    return null;
  }
}

/** Puts `content` at `path` in one step (rename over it), or removes the file for null. */
export function replaceLockFile(path: string, content: string | null): void {
  if (content === null) {
    rmSync(path, { force: true });
    return;
  }
  renameSync(writeTemp(path, content), path);
}

/**
 * The exclusive right to take over the lock of `owner` (a file created with O_EXCL, named
 * after that owner); null while another process holds it.
 */
export function takeoverToken(
  path: string,
  owner: LockOwner | 'unreadable',
): { release(): void } | null {
  const id = createHash('sha256').update(JSON.stringify(owner)).digest('hex').slice(0, 16);
  const token = `${path}.takeover-${id}`;
  try {
    writeFileSync(token, String(process.pid), { flag: 'wx' });
    return { release: () => rmSync(token, { force: true }) };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    if (ageMs(token) > ABANDONED_TOKEN_MS) rmSync(token, { force: true });
    return null;
  }
}

/**
 * How old `path` is by the file system's clock: against a file written now beside it, so the
 * two times come from the same clock (a network file system's, say).
 */
function ageMs(path: string): number {
  const probe = writeTemp(path, '');
  try {
    return statSync(probe).mtimeMs - statSync(path).mtimeMs;
  } catch {
    return 0;
  } finally {
    rmSync(probe, { force: true });
  }
}

function writeTemp(path: string, content: string): string {
  const tmp = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, content, { flag: 'wx' });
  return tmp;
}
