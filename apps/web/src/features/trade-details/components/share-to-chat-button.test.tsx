import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-mock';
import { publicUser, signIn } from '@/test/render-app';
import { renderWithProviders } from '@/test/render-with-providers';
import type { useTradeForm } from '../hooks/use-trade-form';
import { planOfForm, ShareToChatButton } from './share-to-chat-button';

type Form = ReturnType<typeof useTradeForm>;

/** The parts of the trade form a plan is made of. */
const form = (overrides: Partial<Form> = {}) =>
  ({
    pair: { pair: 'BTC-USD', source: 'typed' },
    isLong: true,
    stopLoss: '60000',
    entry: '62000',
    target: '68000',
    riskReward: 3,
    preview: { sizeUsd: 1234.567, riskUsd: 40, riskPct: 0.4, accountSizeUsd: 10_000 },
    ...overrides,
  }) as unknown as Form;

describe('planOfForm', () => {
  it('the planned trade as a plan card: levels, R/R rounded, the tier, the size in dollars', () => {
    expect(planOfForm(form())).toEqual({
      pair: 'BTC-USD',
      isLong: true,
      entryPrice: 62_000,
      stopLoss: 60_000,
      takeProfit: 68_000,
      riskRewardRatio: 3,
      tier: '3R/R',
      size: 1234.57,
    });
  });

  it('no plan while the prices do not make a trade (a long stop above entry)', () => {
    expect(planOfForm(form({ stopLoss: '63000' }))).toBeNull();
    expect(planOfForm(form({ target: '' }))).toBeNull();
  });
});

describe('ShareToChatButton', () => {
  it('premium traders get the button, which opens the share dialog', async () => {
    signIn('ada');
    stubFetch(() => ({ status: 200, body: publicUser({ username: 'ada', isPaidUser: true }) }));
    const { user } = renderWithProviders(<ShareToChatButton form={form()} />);
    await user.click(await screen.findByRole('button', { name: 'Share to chat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share to chat' });
    expect(within(dialog).getByLabelText('Room')).toHaveValue('btc');
  });

  it('free traders and visitors do not see it', async () => {
    signIn('bob');
    const fetch = stubFetch(() => ({ status: 200, body: publicUser({ username: 'bob' }) }));
    renderWithProviders(<ShareToChatButton form={form()} />);
    await expect.poll(() => fetch.mock.calls.length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Share to chat' })).not.toBeInTheDocument();
  });
});
