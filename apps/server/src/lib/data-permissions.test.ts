import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as fsPromises from 'node:fs/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { secureDataDir } from './data-permissions.js';

// lstat passes through, but a test can make one path vanish mid-walk.
vi.mock('node:fs/promises', async (original) => {
  const real = await original<typeof fsPromises>();
  return { ...real, lstat: vi.fn(real.lstat) };
});

const modeOf = (path: string) => statSync(path).mode & 0o777;

/**
 * Issue 29 (finding 3): the data folder held PGlite's files world-readable (0666), password
 * hashes in the WAL included. Folders become 0700 and files 0600; what was already right is
 * left alone, and the count of what was fixed is told (for the start's log line).
 */
describe('secureDataDir', () => {
  const roots: string[] = [];
  afterEach(() => roots.splice(0).forEach((r) => rmSync(r, { recursive: true, force: true })));

  it('makes every folder 0700 and every file 0600, and says how many it fixed', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tb-perm-'));
    roots.push(root);
    const pglite = join(root, 'pglite', 'pg_wal');
    mkdirSync(pglite, { recursive: true });
    writeFileSync(join(pglite, '000000010000000000000001'), 'wal');
    writeFileSync(join(root, 'app-secret'), 'secret');
    chmodSync(join(pglite, '000000010000000000000001'), 0o666);
    chmodSync(join(root, 'app-secret'), 0o644);
    chmodSync(pglite, 0o777);
    chmodSync(join(root, 'pglite'), 0o755);
    chmodSync(root, 0o755);

    expect(await secureDataDir(root)).toBe(5);
    for (const dir of [root, join(root, 'pglite'), pglite]) expect(modeOf(dir), dir).toBe(0o700);
    expect(modeOf(join(pglite, '000000010000000000000001'))).toBe(0o600);
    expect(modeOf(join(root, 'app-secret'))).toBe(0o600);
    // Nothing left to fix the second time.
    expect(await secureDataDir(root)).toBe(0);
  });

  it('creates a missing folder as 0700', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tb-perm-'));
    roots.push(root);
    const dataDir = join(root, 'data');
    expect(await secureDataDir(dataDir)).toBe(0);
    expect(modeOf(dataDir)).toBe(0o700);
  });

  it('skips a file the database removed while the walk reached it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tb-perm-'));
    roots.push(root);
    writeFileSync(join(root, 'pg_internal.init'), 'x', { mode: 0o666 });
    writeFileSync(join(root, 'kept'), 'x', { mode: 0o666 });
    chmodSync(join(root, 'kept'), 0o666);
    const lstat = vi.mocked(fsPromises.lstat);
    const real = lstat.getMockImplementation()!;
    lstat.mockImplementation(async (path, ...rest) => {
      if (String(path).endsWith('pg_internal.init')) {
        throw Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT' });
      }
      return real(path, ...rest);
    });
    try {
      expect(await secureDataDir(root)).toBe(1);
      expect(modeOf(join(root, 'kept'))).toBe(0o600);
    } finally {
      lstat.mockImplementation(real);
    }
  });
});
