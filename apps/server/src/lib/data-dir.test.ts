import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecret, lockDataDir, takeOver } from './data-dir.js';
import { startTimeOf } from './process-identity.js';

const lockOf = (dir: string) => join(dir, 'server.lock');
const writeLock = (dir: string, owner: object | string) =>
  writeFileSync(lockOf(dir), typeof owner === 'string' ? owner : JSON.stringify(owner));

describe('data folder', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const fresh = () => (dir = mkdtempSync(join(tmpdir(), 'tb-lock-')));

  it('locks the folder naming this process (pid and start time) and releases it', () => {
    fresh();
    const release = lockDataDir(dir);
    const owner = JSON.parse(readFileSync(lockOf(dir), 'utf8'));
    expect(owner).toMatchObject({ pid: process.pid, start: startTimeOf(process.pid) });
    expect(owner.start).toEqual(expect.any(String));
    release();
    expect(existsSync(lockOf(dir))).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a folder locked by a live process', () => {
    fresh();
    writeLock(dir, { pid: process.ppid, start: startTimeOf(process.ppid), boot: null });
    expect(() => lockDataDir(dir)).toThrow(/in use by another server \(pid \d+\)/);
    // A lock of an older version (a bare pid) of a live process is refused as well.
    writeLock(dir, String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(/in use by another server/);
  });

  it('takes over the lock of a dead server whose pid now belongs to another process', () => {
    fresh();
    writeLock(dir, { pid: process.ppid, start: '1', boot: null });
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockOf(dir), 'utf8')).pid).toBe(process.pid);
    release();
  });

  it('takes over a lock of a dead pid, of an earlier process with our pid, or a garbled one', () => {
    fresh();
    for (const stale of [
      '999999999',
      { pid: process.pid, start: '1', boot: null },
      String(process.pid),
      '',
      'not a lock',
    ]) {
      writeLock(dir, stale);
      lockDataDir(dir)();
    }
  });

  it('never removes a lock that is not its own', () => {
    fresh();
    const release = lockDataDir(dir);
    const other = JSON.stringify({ pid: process.ppid, start: startTimeOf(process.ppid) });
    writeLock(dir, other);
    release();
    expect(readFileSync(lockOf(dir), 'utf8')).toBe(other);
  });

  it('lets exactly one of several servers starting at once take over a stale lock', async () => {
    fresh();
    const race = await startRacers(dir, 6);
    try {
      for (let round = 0; round < 15; round++) {
        // The lock of a server that died (its winner of the last round is alive, but this
        // round starts again from a stale lock).
        writeLock(dir, { pid: 999_999_999, start: '1', boot: null });
        const results = await race.round(round);
        expect(
          results.filter((r) => r === 'won'),
          `round ${round}`,
        ).toHaveLength(1);
        for (const r of results.filter((x) => x !== 'won')) expect(r).toMatch(/in use by another/);
      }
    } finally {
      await race.stop();
    }
  }, 60_000);

  it('a process that judged a lock stale cannot replace the one taken over meanwhile', () => {
    fresh();
    const stale = { pid: 999_999_999, start: '1', boot: null };
    writeLock(dir, stale);
    // Another server takes the stale lock over between our judgement and our takeover.
    const live = { pid: process.ppid, start: startTimeOf(process.ppid), boot: null };
    writeLock(dir, live);
    expect(takeOver(lockOf(dir), stale, JSON.stringify({ pid: process.pid }))).toBe(false);
    expect(JSON.parse(readFileSync(lockOf(dir), 'utf8'))).toEqual(live);
  });

  it('generates the app secret once and keeps it', () => {
    dir = mkdtempSync(join(tmpdir(), 'tb-secret-'));
    const first = loadOrCreateSecret(dir, undefined);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadOrCreateSecret(dir, undefined)).toBe(first);
    expect(loadOrCreateSecret(dir, 'from-env-secret')).toBe('from-env-secret');
  });
});

const dataDirModule = fileURLToPath(new URL('./data-dir.ts', import.meta.url));

/**
 * Starts `n` processes that lock `dir` all at once in each round (when the round's go file
 * appears) and answer 'won' or 'lost: <message>'; a winner keeps running, so its lock stays live.
 */
async function startRacers(dir: string, n: number) {
  const go = (round: number) => join(dir, `go-${round}`);
  const script = `
    import { existsSync } from 'node:fs';
    import { lockDataDir } from ${JSON.stringify(dataDirModule)};
    process.stdout.write('ready\\n');
    for (let round = 0; ; round++) {
      const go = ${JSON.stringify(dir)} + '/go-' + round;
      while (!existsSync(go)) {}
      let answer;
      try { lockDataDir(${JSON.stringify(dir)}); answer = 'won'; }
      catch (err) { answer = 'lost: ' + err.message; }
      process.stdout.write(answer + '\\n');
    }
  `;
  const children = Array.from({ length: n }, () =>
    spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  const readers = children.map((child) => lineReader(child.stdout));
  await Promise.all(readers.map((next) => next()));
  return {
    async round(round: number) {
      writeFileSync(go(round), '');
      return Promise.all(readers.map((next) => next()));
    },
    async stop() {
      const exits = children.map((c) => new Promise((r) => c.once('exit', r)));
      children.forEach((c) => c.kill());
      await Promise.all(exits);
    },
  };
}

/** Reads a stream line by line: each call answers the next line. */
function lineReader(stream: NodeJS.ReadableStream): () => Promise<string> {
  const lines: string[] = [];
  const waiters: (() => void)[] = [];
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop() ?? '';
    lines.push(...parts);
    waiters.splice(0).forEach((w) => w());
  });
  return async () => {
    while (lines.length === 0) await new Promise<void>((r) => waiters.push(r));
    return lines.shift()!;
  };
}
