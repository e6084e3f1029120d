import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { price } from '@tb/core';
import { describe, expect, it, vi } from 'vitest';
import { tradeFixture } from '@/test/trade-fixture';
import { TradeEditForm } from './trade-edit-form';

const placed = tradeFixture({
  notes: 'Breakout',
  live: {
    connectionId: 'c1',
    orders: { entry: '101', takeProfit: '102', stopLoss: '103' },
    leverage: 5,
    orderType: 'limit',
    execution: 'resting',
    filledPrice: null,
    filledSize: null,
    stopPrice: price(60_500),
  },
});

function renderForm(trade = placed) {
  const onSave = vi.fn(() => null);
  const onClose = vi.fn();
  render(<TradeEditForm trade={trade} onSave={onSave} onClose={onClose} />);
  return { onSave, onClose, form: screen.getByRole('form', { name: 'Edit trade' }) };
}

describe('trade edit form', () => {
  it('edits the pair and levels of a journal trade', async () => {
    const user = userEvent.setup();
    const { onSave, form } = renderForm(tradeFixture());
    const stop = within(form).getByLabelText('Stoploss');
    await user.clear(stop);
    await user.type(stop, '59000');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({
      pair: 'BTCUSDT',
      stopLoss: 59_000,
      entryPrice: 61_000,
      takeProfit: 64_000,
      notes: '',
    });
  });

  it('lets only the notes of a placed trade change: its levels are its exchange orders', async () => {
    const user = userEvent.setup();
    const { onSave, onClose, form } = renderForm();
    for (const label of ['Pair', 'Stoploss', 'Entry', 'Target'])
      expect(within(form).queryByLabelText(label)).not.toBeInTheDocument();
    expect(within(form).getAllByRole('textbox')).toHaveLength(1);
    expect(form).toHaveTextContent(
      'Live on Hyperliquid: the pair and levels are your orders on the exchange.',
    );
    const levels = within(form).getByRole('list', { name: 'Levels on Hyperliquid' });
    expect(levels).toHaveTextContent('BTCUSDT Long');
    expect(levels).toHaveTextContent('Stoploss 60,000');
    expect(levels).toHaveTextContent('Entry 61,000');
    expect(levels).toHaveTextContent('Target 64,000');

    const notes = within(form).getByLabelText('Notes');
    await user.clear(notes);
    await user.type(notes, 'Waiting for the retest');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({
      pair: 'BTCUSDT',
      stopLoss: 60_000,
      entryPrice: 61_000,
      takeProfit: 64_000,
      notes: 'Waiting for the retest',
    });
    expect(onClose).toHaveBeenCalled();
  });
});
