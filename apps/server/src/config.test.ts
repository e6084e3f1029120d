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

  it('reads REDIS_URL (redis:// or rediss://), unset by default: one process, limits in memory', () => {
    const none = parseConfig({});
    expect(none.ok && none.config.redisUrl).toBeUndefined();
    const plain = parseConfig({ REDIS_URL: 'redis://:pw@cache:6379/2' });
    expect(plain.ok && plain.config.redisUrl).toBe('redis://:pw@cache:6379/2');
    expect(parseConfig({ REDIS_URL: 'rediss://cache.example:6380' }).ok).toBe(true);
    for (const bad of ['http://cache:6379', 'cache:6379', 'redis://']) {
      const parsed = parseConfig({ REDIS_URL: bad });
      expect(!parsed.ok && parsed.errors).toEqual([
        'REDIS_URL: must be a redis:// or rediss:// URL',
      ]);
    }
  });

  it('defaults the exchange keys: paper mounted, Hyperliquid URLs, 10 s, no test origins', () => {
    const parsed = parseConfig({});
    expect(parsed.ok && parsed.config).toMatchObject({
      paperExchange: true,
      paperControl: false,
      hyperliquidUrls: {
        mainnet: 'https://api.hyperliquid.xyz',
        testnet: 'https://api.hyperliquid-testnet.xyz',
      },
      exchangeTimeoutMs: 10_000,
      signalTestOrigins: [],
      marketDataNetwork: 'paper',
    });
  });

  it('turns the paper control route on with PAPER_CONTROL=true', () => {
    const on = parseConfig({ PAPER_CONTROL: 'true' });
    expect(on.ok && on.config.paperControl).toBe(true);
    const bad = parseConfig({ PAPER_CONTROL: 'maybe' });
    expect(!bad.ok && bad.errors[0]).toMatch(/^PAPER_CONTROL:/);
  });

  it('reads market data from mainnet when the paper exchange is off', () => {
    const off = parseConfig({ PAPER_EXCHANGE: 'false' });
    expect(off.ok && off.config.marketDataNetwork).toBe('mainnet');
    const clash = parseConfig({ PAPER_EXCHANGE: 'false', MARKET_DATA_NETWORK: 'paper' });
    expect(!clash.ok && clash.errors[0]).toMatch(/^MARKET_DATA_NETWORK:/);
  });

  it('accepts loopback signal receivers only', () => {
    const ok = parseConfig({
      SIGNAL_TEST_ORIGINS: 'http://127.0.0.1:4010/, http://localhost:5000,http://[::1]:9',
    });
    expect(ok.ok && ok.config.signalTestOrigins).toEqual([
      'http://127.0.0.1:4010',
      'http://localhost:5000',
      'http://[::1]:9',
    ]);
    for (const bad of ['https://example.com', 'http://10.0.0.1:80', 'http://127.0.0.1.evil.com']) {
      const parsed = parseConfig({ SIGNAL_TEST_ORIGINS: bad });
      expect(parsed.ok, bad).toBe(false);
      expect(!parsed.ok && parsed.errors[0]).toMatch(/^SIGNAL_TEST_ORIGINS: .* is not a loopback/);
    }
  });

  it('reads the payment links: https URLs, null when unset or empty', () => {
    const none = parseConfig({ PAYMENT_LINK_QUARTERLY: '' });
    expect(none.ok && none.config.paymentLinks).toEqual({
      monthly: null,
      quarterly: null,
      annual: null,
    });
    const set = parseConfig({
      PAYMENT_LINK_MONTHLY: 'https://pay.example.com/monthly',
      PAYMENT_LINK_ANNUAL: 'https://pay.example.com/annual?ref=tb',
    });
    expect(set.ok && set.config.paymentLinks).toEqual({
      monthly: 'https://pay.example.com/monthly',
      quarterly: null,
      annual: 'https://pay.example.com/annual?ref=tb',
    });
  });

  it('refuses a payment link that is not an https URL, naming the key', () => {
    for (const bad of ['http://pay.example.com', 'javascript:alert(1)', 'pay.example.com', ' ']) {
      const parsed = parseConfig({ PAYMENT_LINK_MONTHLY: bad });
      expect(parsed.ok, bad).toBe(false);
      expect(!parsed.ok && parsed.errors).toEqual([
        'PAYMENT_LINK_MONTHLY: must be an https:// URL',
      ]);
    }
    const all = parseConfig({
      PAYMENT_LINK_MONTHLY: 'ftp://x',
      PAYMENT_LINK_QUARTERLY: 'https://ok.example.com',
      PAYMENT_LINK_ANNUAL: 'http://x',
    });
    expect(!all.ok && all.errors.map((e) => e.split(':')[0])).toEqual([
      'PAYMENT_LINK_MONTHLY',
      'PAYMENT_LINK_ANNUAL',
    ]);
  });

  it('refuses production with a public address and no SMTP_URL: reset links would be logged', () => {
    const deployed = { NODE_ENV: 'production', PUBLIC_URL: 'https://bingo.example.com' };
    const refused = parseConfig(deployed);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.errors).toEqual([
      expect.stringMatching(/^SMTP_URL: is required in production .* MAIL_OUTBOX=true/),
    ]);
    expect(parseConfig({ ...deployed, SMTP_URL: 'smtp://mail.example.com:587' }).ok).toBe(true);
    expect(parseConfig({ ...deployed, MAIL_OUTBOX: 'true' }).ok).toBe(true);
  });

  it('keeps the outbox in development, in tests and on one machine (`npm start`, e2e)', () => {
    const https = 'https://bingo.example.com';
    expect(parseConfig({ NODE_ENV: 'development', PUBLIC_URL: https }).ok).toBe(true);
    expect(parseConfig({ NODE_ENV: 'test', PUBLIC_URL: https }).ok).toBe(true);
    expect(parseConfig({}).ok).toBe(true);
    for (const local of ['http://127.0.0.1:3107', 'http://localhost:3000', 'http://[::1]:3000']) {
      expect(parseConfig({ NODE_ENV: 'production', PUBLIC_URL: local }).ok, local).toBe(true);
    }
    const off = parseConfig({ NODE_ENV: 'development', MAIL_OUTBOX: 'false' });
    expect(!off.ok && off.errors[0]).toMatch(/^SMTP_URL:/);
  });

  it('defaults the database time-out to 1 s and the shutdown deadline to 10 s', () => {
    const parsed = parseConfig({});
    expect(parsed.ok && parsed.config).toMatchObject({
      databaseTimeoutMs: 1_000,
      shutdownTimeoutMs: 10_000,
    });
    const set = parseConfig({ DATABASE_TIMEOUT_MS: '2500', SHUTDOWN_TIMEOUT_MS: '3000' });
    expect(set.ok && set.config).toMatchObject({
      databaseTimeoutMs: 2500,
      shutdownTimeoutMs: 3000,
    });
  });
});
