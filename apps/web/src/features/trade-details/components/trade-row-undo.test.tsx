import { screen, within } from '@testing-library/react';
import { rMultiple, usd } from '@tb/core';
import { describe, expect, it, vi } from 'vitest';
import { clearExitUndo, offerExitUndo } from '@/features/journal';
import { renderWithProviders } from '@/test/render-with-providers';
import { tradeFixture } from '@/test/trade-fixture';
import { TradeRow } from './trade-row';

const noop = vi.fn();

describe('TradeRow: Undo exit (issue 26)', () => {
  it('shows Undo exit on the card of the trade just exited, and it undoes once', async () => {
    clearExitUndo();
    const closed = tradeFixture({
      id: 'a',
      status: 'STOPLOSS_HIT',
      rMultiple: rMultiple(-1),
      pnlUsd: usd(-16.39),
    });
    const other = tradeFixture({ id: 'b', pair: 'ETHUSDT' });
    const { user } = renderWithProviders(
      <ul>
        {[closed, other].map((trade) => (
          <TradeRow
            key={trade.id}
            trade={trade}
            onExit={noop}
            onEdit={noop}
            onDelete={noop}
            onHide={noop}
            timeZone="UTC"
          />
        ))}
      </ul>,
    );
    const undo = vi.fn();
    await screen.findByRole('listitem', { name: /^BTCUSDT/ });
    offerExitUndo(closed, Date.now(), undo);

    const row = screen.getByRole('listitem', { name: /^BTCUSDT/ });
    const button = await within(row).findByRole('button', {
      name: 'Undo the last exit of BTCUSDT Long',
    });
    const otherRow = screen.getByRole('listitem', { name: /^ETHUSDT/ });
    expect(within(otherRow).queryByRole('button', { name: /Undo/ })).toBeNull();

    await user.click(button);
    expect(undo).toHaveBeenCalledTimes(1);
    // Pressed once: gone from the card and from the notification.
    expect(within(row).queryByRole('button', { name: /Undo/ })).toBeNull();
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).queryByRole('button', { name: 'Undo' })).toBeNull();
  });
});
