import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { authed, register } from '../../test/api.js';
import { addKey, grantPlan, newKeys } from '../../test/exchange-fixtures.js';
import { describeEachDatabase } from '../../test/helper.js';

describeEachDatabase(
  'API keys',
  (ctx) => {
    /** Every private key this suite stored; none may ever come back or reach a log line. */
    const secrets: string[] = [];
    const keys = (network?: 'mainnet' | 'testnet') => {
      const made = newKeys(network);
      secrets.push(made.apiSecret);
      return made;
    };
    const expectNoSecret = (text: string) => {
      for (const secret of secrets) {
        expect(text).not.toContain(secret);
        expect(text).not.toContain(secret.slice(2));
      }
    };

    it('needs a session', async () => {
      for (const [method, url] of [
        ['GET', '/api/api-keys'],
        ['POST', '/api/api-keys'],
        ['PUT', '/api/api-keys/x'],
        ['DELETE', '/api/api-keys/x'],
      ] as const) {
        expect((await ctx.app.inject({ method, url })).statusCode).toBe(401);
      }
    });

    describe('validation (SPEC.md section 5 messages)', () => {
      it.each([
        ['no API key', { apiKey: '' }, 'apiKey', 'API key is required'],
        ['no secret', { apiSecret: '  ' }, 'apiSecret', 'API secret is required'],
        [
          'no wallet',
          { walletAddress: '' },
          'walletAddress',
          'Wallet address is required for Hyperliquid',
        ],
        [
          'a short wallet',
          { walletAddress: '0x1234' },
          'walletAddress',
          'Wallet address must be 42 characters long',
        ],
        [
          'another exchange',
          { exchangeId: 'binance' },
          'exchangeId',
          'Only Hyperliquid is supported',
        ],
        [
          'a malformed private key',
          { apiSecret: '0xnothex' },
          'apiSecret',
          'Private key must be 0x followed by 64 hexadecimal digits',
        ],
        [
          'an API key of another private key',
          { apiKey: newKeys().apiKey },
          'apiKey',
          'The API key is not the address of this private key',
        ],
      ])('%s → 400', async (_scenario, change, field, message) => {
        const user = await register(ctx.app);
        const res = await authed(ctx.app, user.token, 'POST', '/api/api-keys', {
          ...keys(),
          ...change,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({ field, message });
        const list = await authed(ctx.app, user.token, 'GET', '/api/api-keys');
        expect(list.json().data).toEqual([]);
      });
    });

    it('stores a key and shows it only masked', async () => {
      const user = await register(ctx.app);
      const body = keys();
      const res = await authed(ctx.app, user.token, 'POST', '/api/api-keys', body);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        success: true,
        message: 'API key added successfully',
        data: {
          exchangeId: 'hyperliquid',
          network: 'testnet',
          maskedWalletAddress: `${body.walletAddress.slice(0, 6)}...${body.walletAddress.slice(-4)}`,
          maskedApiKey: `${body.apiKey.slice(0, 6)}...${body.apiKey.slice(-4)}`,
          maskedApiSecret: `****${body.apiSecret.slice(-4)}`,
          hasWalletAddress: true,
          isActive: true,
          lastUsed: null,
        },
      });
      const list = await authed(ctx.app, user.token, 'GET', '/api/api-keys');
      expect(list.json()).toEqual({ success: true, data: [res.json().data] });
      expectNoSecret(res.body + list.body);
      expect(list.body).not.toContain(body.walletAddress);
    });

    it('keeps a free user to one key, with a 403 PREMIUM_REQUIRED', async () => {
      const user = await register(ctx.app);
      await addKey(ctx.app, user.token, keys());
      const res = await authed(ctx.app, user.token, 'POST', '/api/api-keys', keys());
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({
        code: 'PREMIUM_REQUIRED',
        message:
          'Your plan allows 1 exchange API key. Upgrade to Premium to connect more exchange API keys.',
      });
    });

    it.each([
      ['monthly', 2],
      ['quarterly', 3],
    ] as const)('allows the %s plan %i keys', async (plan, limit) => {
      const user = await register(ctx.app);
      await grantPlan(ctx, user.id, plan);
      for (let i = 0; i < limit; i += 1) await addKey(ctx.app, user.token, keys());
      const res = await authed(ctx.app, user.token, 'POST', '/api/api-keys', keys());
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toContain(`${limit} exchange API keys`);
    });

    it.each(['annual', 'paid'] as const)('sets no limit for %s premium', async (plan) => {
      const user = await register(ctx.app);
      await grantPlan(ctx, user.id, plan);
      for (let i = 0; i < 5; i += 1) await addKey(ctx.app, user.token, keys());
      const list = await authed(ctx.app, user.token, 'GET', '/api/api-keys');
      expect(list.json().data).toHaveLength(5);
    });

    it('replaces the keys of a saved key; its network is locked', async () => {
      const user = await register(ctx.app);
      const id = await addKey(ctx.app, user.token, keys());
      const next = keys();
      const res = await authed(ctx.app, user.token, 'PUT', `/api/api-keys/${id}`, {
        ...next,
        id,
        isActive: false,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: 'API key updated successfully',
        data: { id, maskedApiSecret: `****${next.apiSecret.slice(-4)}`, isActive: false },
      });
      expectNoSecret(res.body);
      const moved = await authed(ctx.app, user.token, 'PUT', `/api/api-keys/${id}`, {
        ...keys(),
        network: 'mainnet',
      });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().error).toMatchObject({
        field: 'network',
        message: 'The network of a saved key cannot be changed',
      });
    });

    it('deletes a key', async () => {
      const user = await register(ctx.app);
      const id = await addKey(ctx.app, user.token, keys());
      const res = await authed(ctx.app, user.token, 'DELETE', `/api/api-keys/${id}`);
      expect(res.json()).toEqual({ success: true, message: 'API key deleted successfully' });
      expect((await authed(ctx.app, user.token, 'GET', '/api/api-keys')).json().data).toEqual([]);
      expect((await authed(ctx.app, user.token, 'DELETE', `/api/api-keys/${id}`)).statusCode).toBe(
        404,
      );
    });

    it("answers 404 for another user's key on every route, and leaves it alone", async () => {
      const owner = await register(ctx.app);
      const other = await register(ctx.app);
      const id = await addKey(ctx.app, owner.token, keys());
      const calls = [
        ['PUT', `/api/api-keys/${id}`, keys()],
        ['DELETE', `/api/api-keys/${id}`, undefined],
        ['DELETE', `/api/users/exchanges/${id}`, undefined],
        ['PUT', '/api/api-keys/not-a-uuid', keys()],
        ['DELETE', '/api/api-keys/00000000-0000-0000-0000-000000000000', undefined],
      ] as const;
      for (const [method, url, body] of calls) {
        const res = await authed(ctx.app, other.token, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await authed(ctx.app, other.token, 'GET', '/api/api-keys')).json().data).toEqual([]);
      expect((await authed(ctx.app, owner.token, 'GET', '/api/api-keys')).json().data).toHaveLength(
        1,
      );
    });

    it('writes an audit entry for create, update and delete, without the secret', async () => {
      const user = await register(ctx.app);
      const id = await addKey(ctx.app, user.token, keys());
      await authed(ctx.app, user.token, 'PUT', `/api/api-keys/${id}`, keys());
      await authed(ctx.app, user.token, 'DELETE', `/api/api-keys/${id}`);
      const rows = await ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorId, user.id), eq(auditLog.targetId, id)))
        .orderBy(auditLog.id);
      expect(rows.map((r) => r.action)).toEqual([
        'api_key.create',
        'api_key.update',
        'api_key.delete',
      ]);
      expectNoSecret(JSON.stringify(rows));
    });

    it('never writes a private key to the log', () => {
      expect(ctx.logs.length).toBeGreaterThan(0);
      expectNoSecret(ctx.logs.join('\n'));
    });
  },
  { captureLogs: true },
);
