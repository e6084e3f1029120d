import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.js';

describe('parseConfig', () => {
  it('gives the documented defaults on an empty environment', () => {
    const parsed = parseConfig({});
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
    expect(parsed.config.dataDir).toMatch(/\/data$/);
  });

  it('follows PORT into the public URL and ignores blank values', () => {
    const parsed = parseConfig({ PORT: '4100', DATABASE_URL: '' });
    expect(parsed.ok && parsed.config.publicUrl).toBe('http://localhost:4100');
    expect(parsed.ok && parsed.config.databaseUrl).toBeUndefined();
  });

  it('reports every bad key at once', () => {
    const parsed = parseConfig({
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      APP_SECRET: 'short',
      LOG_LEVEL: 'loud',
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.map((e) => e.split(':')[0])).toEqual([
      'PORT',
      'DATABASE_URL',
      'APP_SECRET',
      'LOG_LEVEL',
    ]);
  });
});
