// CPU accounting from Linux /proc: the cores a server, its PostgreSQL backends, this process
// (the load generator) and everything else use during a run, and waiting for a quiet machine.
import { readFileSync } from 'node:fs';
import { fmtCores } from './format.mjs';

/** Cores busy with other work above which a measurement counts as disturbed. */
export const QUIET_CORES = 0.25;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU seconds used so far by a process (Linux /proc), or NaN elsewhere. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in USER_HZ
  } catch {
    return NaN;
  }
}

/** Busy CPU seconds of the whole machine so far (Linux /proc/stat), or NaN elsewhere. */
function machineBusySeconds() {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    // Interrupt time is left out: loopback traffic's softirq work is not charged to the
    // processes that cause it, and would show up as "other" work.
    const [user, nice, system, , , , , steal] = ticks.map(Number);
    return (user + nice + system + steal) / 100;
  } catch {
    return NaN;
  }
}

/**
 * Starts measuring the cores in use: by the server, by its PostgreSQL backends (`child.dbCpu`),
 * by this process (the load generator) and by everything else. `read()` gives the averages.
 */
export async function cpuMeter(child) {
  const dbBefore = child.dbCpu ? await child.dbCpu() : undefined;
  const before = {
    at: performance.now(),
    server: cpuSeconds(child.pid),
    bench: process.cpuUsage(),
    all: machineBusySeconds(),
  };
  return {
    async read() {
      const seconds = (performance.now() - before.at) / 1000;
      const bench = process.cpuUsage(before.bench);
      const cpu = {
        server: (cpuSeconds(child.pid) - before.server) / seconds,
        db: 0,
        loadGen: (bench.user + bench.system) / 1e6 / seconds,
        all: (machineBusySeconds() - before.all) / seconds,
      };
      if (dbBefore) {
        // Backends that appeared during the run count from their start.
        let used = 0;
        for (const [pid, s] of await child.dbCpu()) used += s - (dbBefore.get(pid) ?? 0);
        cpu.db = used / seconds;
      }
      cpu.other = Math.max(0, cpu.all - cpu.server - cpu.db - cpu.loadGen);
      return cpu;
    },
  };
}

/**
 * Waits (up to `maxSeconds`) until the machine has been quiet for 4 s, i.e. fewer than
 * QUIET_CORES cores busy: nothing of ours is running then. Returns the last load seen.
 */
export async function waitForCalm(maxSeconds) {
  let load;
  let quiet = 0;
  for (let waited = 0; waited < maxSeconds && quiet < 2; waited += 2) {
    const before = machineBusySeconds();
    await sleep(2_000);
    load = (machineBusySeconds() - before) / 2;
    quiet = load > QUIET_CORES ? 0 : quiet + 1;
    if (waited === 0 && quiet === 0) {
      console.log(`    waiting for other work to finish (${fmtCores(load)} cores busy)`);
    }
  }
  return load;
}
