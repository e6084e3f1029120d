import { price, usd } from '@tb/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { tradeFixture } from '@/test/trade-fixture';
import { TradeRow } from './trade-row';

/** A $1,000 long of 10 units at 100, stop 90, target 120: 1R = $100. */
const trade = tradeFixture({
  pair: 'SOLUSDT',
  entryPrice: price(100),
  stopLoss: price(90),
  takeProfit: price(120),
  riskRewardRatio: 2,
  sizeUsd: usd(1000),
  quantity: 10,
  riskUsd: usd(100),
});

function renderRow(onExit = vi.fn(async () => true), t = trade) {
  const noop = vi.fn();
  render(
    <ul>
      <TradeRow
        trade={t}
        onExit={onExit}
        onEdit={noop}
        onDelete={noop}
        onHide={noop}
        timeZone="UTC"
      />
    </ul>,
  );
  return onExit;
}

describe('closing a trade by hand', () => {
  it('Target Hit asks first: the price starts at the target and the result is shown before saving', async () => {
    const user = userEvent.setup();
    const onExit = renderRow();
    await user.click(screen.getByRole('button', { name: 'Target Hit' }));
    const dialog = screen.getByRole('dialog', { name: 'Close SOLUSDT Long' });
    expect(within(dialog).getByLabelText('Exit price')).toHaveValue(120);
    expect(within(dialog).getByLabelText('Result')).toHaveTextContent(
      'Result: WIN +$200.00 · +2.00R at 120',
    );
    expect(onExit).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Close trade' }));
    expect(onExit).toHaveBeenCalledWith(trade.id, { price: 120 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a typed price and half the position: a partial exit with its own R and USD', async () => {
    const user = userEvent.setup();
    const onExit = renderRow();
    await user.click(screen.getByRole('button', { name: 'Close at price' }));
    const dialog = screen.getByRole('dialog');
    const field = within(dialog).getByLabelText('Exit price');
    await user.clear(field);
    await user.type(field, '104.5');
    await user.click(within(dialog).getByRole('radio', { name: '50%' }));
    expect(within(dialog).getByLabelText('Result')).toHaveTextContent(
      'This part: +$22.50 · +0.23R; 5 SOL stay open.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Record partial exit' }));
    expect(onExit).toHaveBeenCalledWith(trade.id, { price: 104.5, quantity: 5 });
  });

  it('the last part closes at the weighted price; Break-even fills in the entry', async () => {
    const user = userEvent.setup();
    const partly = { ...trade, exits: [{ price: price(110), quantity: 4, at: trade.createdAt }] };
    renderRow(undefined, partly);
    await user.click(screen.getByRole('button', { name: 'Stoploss Hit' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('6 SOL of 6 SOL open (1 exit taken)')).toBeVisible();
    // 4 at 110 and 6 at 90: 98, −$20, −0.20R.
    expect(within(dialog).getByLabelText('Result')).toHaveTextContent(
      'Result: LOSS -$20.00 · -0.20R at 98 (weighted over the exits)',
    );
    await user.click(within(dialog).getByRole('button', { name: /^Break-even/ }));
    expect(within(dialog).getByLabelText('Exit price')).toHaveValue(100);
    // 4 at 110 and 6 at 100: 104, +$40.
    expect(within(dialog).getByLabelText('Result')).toHaveTextContent('WIN +$40.00 · +0.40R');
  });

  it('an empty or zero price says why and cannot be saved; the dialog stays open when saving fails', async () => {
    const user = userEvent.setup();
    const onExit = vi.fn(async () => false);
    renderRow(onExit);
    await user.click(screen.getByRole('button', { name: 'Target Hit' }));
    const dialog = screen.getByRole('dialog');
    const field = within(dialog).getByLabelText('Exit price');
    await user.clear(field);
    expect(within(dialog).getByText('Exit price must be a number greater than 0')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Close trade' })).toBeDisabled();
    await user.type(field, '119');
    await user.click(within(dialog).getByRole('button', { name: 'Close trade' }));
    expect(onExit).toHaveBeenCalledWith(trade.id, { price: 119 });
    expect(screen.getByRole('dialog')).toBeVisible();
  });
});
