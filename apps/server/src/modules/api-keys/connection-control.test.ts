import {
  addressOfPrivateKey,
  approveAgent,
  generatePrivateKey,
  httpTransport,
} from '@tb/hyperliquid';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { exchangeCredentials, exchangeFills, trades } from '../../db/schema/index.js';
import { authed, login, register } from '../../test/api.js';
import { addKey } from '../../test/exchange-fixtures.js';
import { describeEachDatabase } from '../../test/helper.js';
import { paperOverHttp } from '../../test/local-servers.js';
import { LIMIT, LONG } from '../../test/live-trading.js';

/**
 * Proof of control (DESIGN.md section 11): a connection verifies only when its API wallet is
 * the wallet or an agent the exchange lists for it. "Testnet" is a paper exchange of its own
 * on loopback, where wallets and agents are made as a trader makes them on Hyperliquid.
 */

let remote: Awaited<ReturnType<typeof paperOverHttp>> | undefined;
afterAll(() => remote?.close());

/** A funded master wallet with an approved API wallet on the remote exchange. */
async function trader(agentName = 'bot') {
  const masterKey = generatePrivateKey();
  const wallet = addressOfPrivateKey(masterKey);
  const funded = await remote!.exchange.faucet({ user: wallet });
  expect(funded.status).toBe(200);
  const agentKey = generatePrivateKey();
  const approve = (agent: `0x${string}`) =>
    approveAgent({
      transport: httpTransport({ apiUrl: remote!.origin, isTestnet: true }),
      masterPrivateKey: masterKey,
      agentAddress: agent,
      agentName,
    });
  await approve(addressOfPrivateKey(agentKey));
  return { wallet, masterKey, agentKey, approve };
}

const keysOf = (wallet: string, privateKey: `0x${string}`) => ({
  exchangeId: 'hyperliquid',
  network: 'testnet',
  walletAddress: wallet,
  apiKey: addressOfPrivateKey(privateKey),
  apiSecret: privateKey,
});

describeEachDatabase(
  'proof of control of a connected account',
  (ctx) => {
    const connect = (token: string, body: object) =>
      authed(ctx.app, token, 'POST', '/api/users/exchanges', body);
    const keyList = async (token: string) =>
      (await authed(ctx.app, token, 'GET', '/api/api-keys')).json().data as Array<{
        id: string;
        control: string | null;
      }>;

    it("refuses another trader's wallet with a key it never approved, and stores nothing", async () => {
      const victim = await trader();
      const attacker = await register(ctx.app);
      const res = await connect(attacker.token, keysOf(victim.wallet, generatePrivateKey()));
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe('NOT_ACCOUNT_OWNER');
      expect(res.json().error.message).toMatch(/^This API wallet does not act for 0x/);
      expect(res.json().error.message).toContain('Create an API wallet for your own account');
      expect(await keyList(attacker.token)).toEqual([]);
    });

    it("connects with an agent the wallet approved, or with the wallet's own key", async () => {
      const owner = await trader();
      const byAgent = await register(ctx.app);
      const agentRes = await connect(byAgent.token, keysOf(owner.wallet, owner.agentKey));
      expect(agentRes.statusCode, agentRes.body).toBe(201);
      expect((await keyList(byAgent.token))[0]?.control).toBe('agent');
      const byWallet = await register(ctx.app);
      const walletRes = await connect(byWallet.token, keysOf(owner.wallet, owner.masterKey));
      expect(walletRes.statusCode, walletRes.body).toBe(201);
      expect((await keyList(byWallet.token))[0]?.control).toBe('wallet');
    });

    it('a key stored without a check places nothing and imports nothing once asked', async () => {
      const victim = await trader();
      const attacker = await register(ctx.app);
      const id = await addKey(ctx.app, attacker.token, keysOf(victim.wallet, generatePrivateKey()));
      expect((await keyList(attacker.token))[0]).toMatchObject({ id, control: null });
      const order = { symbol: 'BTC', side: 'buy', size: 0.001, price: 60_000, orderType: 'limit' };
      const placed = await authed(ctx.app, attacker.token, 'POST', '/api/exchange/order', order);
      expect(placed.statusCode, placed.body).toBe(403);
      expect(placed.json().error.code).toBe('NOT_ACCOUNT_OWNER');
      const trips = await authed(ctx.app, attacker.token, 'GET', '/api/exchange/unjournaled');
      expect(trips.statusCode).toBe(403);
      const live = await authed(ctx.app, attacker.token, 'POST', '/api/trades', {
        ...LONG,
        order: LIMIT,
      });
      expect(live.statusCode, live.body).toBe(403);
      expect(live.json().error.code).toBe('NOT_ACCOUNT_OWNER');
      expect((await keyList(attacker.token))[0]).toMatchObject({ id, control: 'none' });
    });

    it('takes the badge off what an unproven connection verified before checks existed', async () => {
      const victim = await trader();
      const attacker = await register(ctx.app);
      const id = await addKey(ctx.app, attacker.token, keysOf(victim.wallet, generatePrivateKey()));
      const { db } = ctx.database;
      const [row] = await db
        .insert(trades)
        .values({
          userId: attacker.id,
          pair: 'BTCUSDT',
          isLong: true,
          entryPrice: '100',
          stopLoss: '90',
          takeProfit: '120',
          riskRewardRatio: '2',
          sizeUsd: '100',
          quantity: '1',
          riskUsd: '10',
          source: 'exchange',
          status: 'TARGET_HIT',
          exitPrice: '120',
          rMultiple: '2',
          pnlUsd: '20',
          closedAt: new Date(),
        })
        .returning();
      await db.insert(exchangeFills).values({
        connectionId: id,
        tid: Math.floor(Math.random() * 1e9),
        userId: attacker.id,
        tradeId: row!.id,
        coin: 'BTC',
        oid: '1',
        side: 'B',
        px: '100',
        sz: '1',
        fee: '0',
        closedPnl: '0',
        dir: 'Open Long',
        startPosition: '0',
        time: new Date(),
      });
      const res = await authed(ctx.app, attacker.token, 'GET', '/api/exchange/unjournaled');
      expect(res.statusCode).toBe(403);
      const [after] = await db.select().from(trades).where(eq(trades.id, row!.id));
      expect(after!.source).toBe('journal');
      const shown = await authed(ctx.app, attacker.token, 'GET', `/api/trades/${row!.id}`);
      expect(shown.json().data?.verified ?? shown.json().verified).toBe(false);
    });

    it('asks again after a day: a revoked agent stops placing', async () => {
      const owner = await trader();
      const user = await register(ctx.app);
      expect((await connect(user.token, keysOf(owner.wallet, owner.agentKey))).statusCode).toBe(
        201,
      );
      // The owner approves another API wallet under the same name: the first one is revoked.
      await owner.approve(addressOfPrivateKey(generatePrivateKey()));
      const order = { symbol: 'BTC', side: 'buy', size: 0.001, price: 60_000, orderType: 'limit' };
      const before = await authed(ctx.app, user.token, 'POST', '/api/exchange/order', order);
      expect(before.json().error?.code).not.toBe('NOT_ACCOUNT_OWNER');
      ctx.clock.advance(25 * 3_600_000);
      const token = await login(ctx.app, user);
      const placed = await authed(ctx.app, token, 'POST', '/api/exchange/order', order);
      expect(placed.statusCode, placed.body).toBe(403);
      const [stored] = await ctx.database.db
        .select({ control: exchangeCredentials.control })
        .from(exchangeCredentials)
        .where(eq(exchangeCredentials.userId, user.id));
      expect(stored!.control).toBe('none');
    });
  },
  {
    env: async () => {
      remote ??= await paperOverHttp();
      return { HYPERLIQUID_TESTNET_URL: remote.origin };
    },
  },
);
