import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/**
 * Who holds a lock: a pid alone is not enough, since a dead server's pid is soon another
 * process's. The start time of the process (and the boot it ran in) tells them apart.
 */
export interface LockOwner {
  pid: number;
  /** Process start time as the OS reports it; null when it cannot be read (old locks too). */
  start: string | null;
  /** Linux boot id: a lock from before a reboot is stale whatever its pid. */
  boot: string | null;
}

export function currentOwner(): LockOwner {
  return { pid: process.pid, start: startTimeOf(process.pid), boot: bootId() };
}

/** Whether the process that wrote `owner` is still running (in doubt: yes). */
export function isRunning(owner: LockOwner): boolean {
  const boot = bootId();
  if (owner.boot && boot && owner.boot !== boot) return false;
  // Our own pid: the owner is this process only if the start times match (same process locking
  // twice); otherwise it was an earlier process that had our pid (a restarted container).
  if (owner.pid === process.pid) return owner.start !== null && owner.start === currentStart();
  if (!pidExists(owner.pid)) return false;
  if (owner.start === null) return true;
  const start = startTimeOf(owner.pid);
  return start === null || start === owner.start;
}

let ownStart: string | null | undefined;
function currentStart(): string | null {
  ownStart ??= startTimeOf(process.pid);
  return ownStart;
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The start time of process `pid`: on Linux field 22 of /proc/<pid>/stat (clock ticks since
 * boot); elsewhere `ps -o lstart=` (macOS, the BSDs); null when there is no such process or no
 * way to ask (then a lock falls back to the pid alone).
 */
export function startTimeOf(pid: number): string | null {
  if (existsSync('/proc/self/stat')) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Field 2 (the command) is in parentheses and may hold spaces: count after the last ')'.
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
    } catch {
      return null;
    }
  }
  try {
    const out = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2_000,
    });
    return out.trim() || null;
  } catch {
    return null;
  }
}

function bootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}
