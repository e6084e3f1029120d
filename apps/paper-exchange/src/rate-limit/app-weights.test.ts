import { describe, expect, it } from 'vitest';
import type { PaperReply } from '../types.js';
import { AppWeights } from './app-weights.js';

const T0 = 1_736_121_600_000;

/** An exchange answering 45 fills to userFills and `{}` to the rest; counts what reached it. */
function fakeExchange() {
  const reached: string[] = [];
  const answer = async (body: unknown): Promise<PaperReply> => {
    const type = (body as { type?: string }).type ?? 'action';
    reached.push(type);
    return { status: 200, body: type === 'userFills' ? new Array(45).fill({}) : {} };
  };
  return {
    reached,
    exchange: { info: answer, exchange: (body: unknown) => answer(body) },
  };
}

describe("the app's own paper calls, weighed as Hyperliquid weighs the server's IP", () => {
  it('charges the base weight and the items returned; past 1,200 a minute answers 429 and sends nothing', async () => {
    const clock = { ms: T0 };
    const fake = fakeExchange();
    const weights = new AppWeights(fake.exchange, () => clock.ms);
    // userFills: 20 + 2 (45 fills, 1 per 20).
    expect((await weights.handle('info', { type: 'userFills', user: '0x1' })).status).toBe(200);
    // An order action: 1.
    expect(
      (await weights.handle('exchange', { action: { type: 'order', orders: [{}] } })).status,
    ).toBe(200);
    // allMids: 2, until the minute is full (23 + 588 × 2 = 1,199).
    for (let k = 0; k < 588; k++) {
      expect((await weights.handle('info', { type: 'allMids' })).status).toBe(200);
    }
    expect(await weights.handle('info', { type: 'allMids' })).toEqual({ status: 429, body: null });
    expect(fake.reached).toHaveLength(590);
    expect(weights.takeTally()).toEqual({
      requests: 590,
      weight: 1_199,
      refused: 1,
      byType: { userFills: 22, order: 1, allMids: 1_176 },
    });
    // A minute later there is room again; the tally starts over.
    clock.ms += 60_000;
    expect((await weights.handle('info', { type: 'allMids' })).status).toBe(200);
    expect(weights.takeTally()).toMatchObject({ requests: 1, weight: 2, refused: 0 });
  });
});
