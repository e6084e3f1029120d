import {
  addressOfPrivateKey,
  approveAgent,
  generatePrivateKey,
  handlerTransport,
} from '@tb/hyperliquid';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/helper.js';

const DESERIALIZE_ERROR = 'Failed to deserialize the JSON body into the target type';

describeEachDatabase(
  'text the paper exchange cannot store',
  (ctx) => {
    /** Hyperliquid's SDK, signing for real, talking to /paper over the app's HTTP face. */
    const transport = handlerTransport({
      isTestnet: true,
      handle: async (endpoint, payload) => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: `/paper/${endpoint}`,
          payload: payload as object,
        });
        // A 422 is Hyperliquid's plain text, not JSON.
        const isJson = String(res.headers['content-type']).startsWith('application/json');
        return { status: res.statusCode, body: isJson ? res.json() : res.body };
      },
    });

    async function fundedMaster(): Promise<`0x${string}`> {
      const key = generatePrivateKey();
      const user = addressOfPrivateKey(key);
      const res = await ctx.app.inject({ method: 'POST', url: '/paper/faucet', payload: { user } });
      expect(res.json()).toEqual({ status: 'ok', response: { type: 'default' } });
      return key;
    }

    const approve = (masterPrivateKey: `0x${string}`, agentName: string) =>
      approveAgent({
        transport,
        masterPrivateKey,
        agentAddress: addressOfPrivateKey(generatePrivateKey()),
        agentName,
      });

    it.each([
      ['a NUL byte', 'bot\u0000'],
      ['an unpaired surrogate', 'bot\ud800'],
    ])(
      'refuses an agent name with %s as a malformed body (422), logging nothing',
      async (_, name) => {
        const master = await fundedMaster();
        await expect(approve(master, name)).rejects.toThrow(DESERIALIZE_ERROR);
        expect(ctx.logs.filter((line) => line.includes('paper exchange: request failed'))).toEqual(
          [],
        );
        // The master's account is fine and takes a proper name.
        await expect(approve(master, 'bot ✓ 🤖')).resolves.toBeUndefined();
      },
    );
  },
  { captureLogs: true },
);
