import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecret, lockDataDir } from './data-dir.js';

describe('data folder', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('locks the folder for one process and releases it', () => {
    dir = mkdtempSync(join(tmpdir(), 'tb-lock-'));
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, 'server.lock'))).toBe(false);
  });

  it('refuses a folder locked by a live process', () => {
    dir = mkdtempSync(join(tmpdir(), 'tb-lock-'));
    writeFileSync(join(dir, 'server.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(/in use by another server/);
  });

  it('takes over a lock left by a dead process', () => {
    dir = mkdtempSync(join(tmpdir(), 'tb-lock-'));
    writeFileSync(join(dir, 'server.lock'), '999999');
    const release = lockDataDir(dir);
    release();
  });

  it('generates the app secret once and keeps it', () => {
    dir = mkdtempSync(join(tmpdir(), 'tb-secret-'));
    const first = loadOrCreateSecret(dir, undefined);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadOrCreateSecret(dir, undefined)).toBe(first);
    expect(loadOrCreateSecret(dir, 'from-env-secret')).toBe('from-env-secret');
  });
});
