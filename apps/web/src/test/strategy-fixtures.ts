import { defaultBingoState, type BingoState, type Strategy } from '@tb/core';
import { stubFetch, type MockReply, type MockRequest } from '@/test/fetch-mock';
import { publicUser, signIn } from '@/test/render-app';

/** A published strategy with a 25-cell board ("Rule 1".."Rule 25", points 1-3). */
export function strategyFixture(overrides: Partial<Strategy> = {}): Strategy {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    month: '2026-07',
    title: 'July: trend days only',
    body: '## Plan\n\nTrade **with** the daily trend.\n\n- Wait for the close\n- Stop beyond structure',
    board: Array.from({ length: 25 }, (_, i) => ({ title: `Rule ${i + 1}`, points: (i % 3) + 1 })),
    state: 'published',
    publishedAt: '2026-07-01T00:00:00.000Z',
    authorName: 'admin',
    createdAt: '2026-06-28T00:00:00.000Z',
    updatedAt: '2026-06-30T00:00:00.000Z',
    ...overrides,
  };
}

export const subscription = (plan: string | null) => ({
  active: plan !== null,
  plan,
  startDate: plan ? '2026-07-01T00:00:00.000Z' : null,
  endDate: plan ? '2027-07-01T00:00:00.000Z' : null,
  remainingDays: plan ? 300 : 0,
});

/**
 * A signed-in trader on `plan` (null: free) and a server that keeps the bingo state it is
 * sent; `strategies` answers the strategy routes (premium), `extra` anything else.
 */
export function serveTrader(
  plan: string | null,
  {
    strategies = [strategyFixture()],
    extra,
  }: { strategies?: Strategy[]; extra?: (req: MockRequest) => MockReply | undefined } = {},
) {
  signIn('ada');
  const server: { bingo: BingoState; saves: BingoState[] } = {
    bingo: { ...defaultBingoState('b1', Date.parse('2026-07-01T00:00:00Z')), version: 1 },
    saves: [],
  };
  const fetch = stubFetch((req) => {
    const answer = extra?.(req);
    if (answer) return answer;
    if (req.path === '/users/me') {
      return {
        status: 200,
        body: publicUser({
          username: 'ada',
          isPaidUser: plan !== null,
          subscription: subscription(plan),
        }),
      };
    }
    if (req.path === '/bingo/card' && req.method === 'POST') {
      const sent = req.body as BingoState;
      server.saves.push(sent);
      server.bingo = { ...sent, version: server.bingo.version + 1 };
      return { status: 200, body: { success: true, data: server.bingo } };
    }
    if (req.path === '/bingo/card')
      return { status: 200, body: { success: true, data: server.bingo } };
    if (req.path === '/strategies/current') {
      if (plan === null)
        return { status: 403, body: { error: { code: 'PREMIUM_REQUIRED', message: 'Premium' } } };
      const first = strategies[0];
      return first
        ? { status: 200, body: { strategy: first } }
        : {
            status: 404,
            body: { error: { code: 'NOT_FOUND', message: 'No strategy has been published yet' } },
          };
    }
    if (req.path.startsWith('/strategies')) {
      if (plan === null)
        return { status: 403, body: { error: { code: 'PREMIUM_REQUIRED', message: 'Premium' } } };
      const id = /^\/strategies\/([^/?]+)$/.exec(req.path)?.[1];
      if (id === undefined) return { status: 200, body: { strategies } };
      const one = strategies.find((s) => s.id === id);
      return one
        ? { status: 200, body: { strategy: one } }
        : {
            status: 404,
            body: { error: { code: 'NOT_FOUND', message: 'This strategy does not exist' } },
          };
    }
    // The rest of the dashboard (risk, trades, ...) is not what these tests read.
    return { status: 500 };
  });
  return { fetch, server };
}
