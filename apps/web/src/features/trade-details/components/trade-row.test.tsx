import { cleanup, render, screen, within } from '@testing-library/react';
import { price, type LiveTrade } from '@tb/core';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { tradeFixture, wonTradeFixture } from '@/test/trade-fixture';
import { TradeRow } from './trade-row';

const noop = vi.fn();
function renderRow(trade: Parameters<typeof TradeRow>[0]['trade']) {
  render(
    <ul>
      <TradeRow
        trade={trade}
        onExit={noop}
        onEdit={noop}
        onDelete={noop}
        onHide={noop}
        timeZone="UTC"
      />
    </ul>,
  );
  return screen.getByRole('listitem', { name: /BTCUSDT/ });
}

/** A row whose actions may be a placed trade's (they read the query client). */
function renderPlacedRow(trade: Parameters<typeof TradeRow>[0]['trade']) {
  renderWithProviders(
    <ul>
      <TradeRow
        trade={trade}
        onExit={noop}
        onEdit={noop}
        onDelete={noop}
        onHide={noop}
        timeZone="UTC"
      />
    </ul>,
  );
  return screen.getByRole('listitem', { name: /BTCUSDT/ });
}

const live = (execution: LiveTrade['execution']): LiveTrade => ({
  connectionId: 'c1',
  orders: { entry: '101', takeProfit: '102', stopLoss: '103' },
  leverage: 5,
  orderType: 'limit',
  execution,
  filledPrice: execution === 'resting' ? null : price(61_000),
  filledSize: execution === 'resting' ? null : 0.0164,
  stopPrice: null,
});

const fact = (row: HTMLElement, term: string) =>
  within(row).getByText(term, { selector: 'dt' }).nextElementSibling;

describe('trade row', () => {
  it('offers Hide, not Delete, for a verified trade: it is history', () => {
    const onDelete = vi.fn();
    const onHide = vi.fn();
    const trade = { ...wonTradeFixture(), verified: true };
    render(
      <ul>
        <TradeRow
          trade={trade}
          onExit={noop}
          onEdit={noop}
          onDelete={onDelete}
          onHide={onHide}
          timeZone="UTC"
        />
      </ul>,
    );
    const row = screen.getByRole('listitem', { name: /BTCUSDT/ });
    expect(within(row).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    within(row).getByRole('button', { name: 'Hide BTCUSDT Long' }).click();
    expect(onHide).toHaveBeenCalledWith(trade.id);
    expect(onDelete).not.toHaveBeenCalled();
    cleanup();
    renderRow(wonTradeFixture());
    expect(screen.getByRole('button', { name: 'Delete BTCUSDT Long' })).toBeVisible();
  });

  it('a won trade shows its R and its P/L in USD, never the per-unit difference in $', () => {
    const row = renderRow(wonTradeFixture());
    expect(row).toHaveAccessibleName('BTCUSDT Long, WIN');
    expect(fact(row, 'R')).toHaveTextContent('+3.00R');
    expect(fact(row, 'P/L')).toHaveTextContent('+$49.18');
    expect(fact(row, 'P/L')).toHaveClass('is-up');
    expect(row).not.toHaveTextContent('$3000');
    expect(row).not.toHaveTextContent('$3,000');
  });

  it('shows the setup, size and risk in USD, planned R/R, board snapshot and notes', () => {
    const row = renderRow(
      tradeFixture({
        notes: 'Breakout retest',
        cells: [
          { index: 0, title: 'Stop below structure', points: 4 },
          { index: 7, title: 'Waited for the close', points: 7 },
        ],
      }),
    );
    expect(fact(row, 'SL')).toHaveTextContent('60,000');
    expect(fact(row, 'Entry')).toHaveTextContent('61,000');
    expect(fact(row, 'Target')).toHaveTextContent('64,000');
    expect(fact(row, 'R/R')).toHaveTextContent('3.00');
    expect(fact(row, 'Size')).toHaveTextContent('$1,000');
    expect(fact(row, 'Risk')).toHaveTextContent('$16.39');
    expect(within(row).queryByText('R', { selector: 'dt' })).not.toBeInTheDocument();
    expect(row).toHaveTextContent('Score 11 · tier 3R');
    const cells = within(row).getByRole('list', { name: 'Ticked cells' });
    expect(
      within(cells)
        .getAllByRole('listitem')
        .map((c) => c.textContent),
    ).toEqual(['Stop below structure 4 pts', 'Waited for the close 7 pts']);
    expect(within(row).getByText('Breakout retest')).toBeVisible();
    expect(within(row).queryByText('size estimated')).not.toBeInTheDocument();
  });

  it('marks migrated trades "size estimated" and says their cells were not recorded', () => {
    const row = renderRow(
      wonTradeFixture({ sizeEstimated: true, cells: null, status: 'STOPLOSS_HIT' }),
    );
    expect(within(row).getByText('size estimated')).toBeVisible();
    expect(row).toHaveTextContent('Ticked cells were not recorded');
  });

  it('names the live state of a placed trade as a group for screen readers', () => {
    const row = renderPlacedRow(tradeFixture({ live: live('resting') }));
    const group = within(row).getByRole('group', { name: 'Live on Hyperliquid' });
    expect(group).toHaveTextContent('Entry resting at');
  });

  it('has no Delete on a placed OPEN trade whose orders work: Cancel entry or Close instead', () => {
    for (const execution of ['resting', 'open'] as const) {
      const row = renderPlacedRow(tradeFixture({ live: live(execution) }));
      expect(within(row).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
      expect(within(row).getByRole('button', { name: 'Edit BTCUSDT Long' })).toBeVisible();
      cleanup();
    }
  });

  it('keeps Delete on a journal trade and on a placed trade closed by hand', () => {
    for (const trade of [
      tradeFixture(),
      wonTradeFixture({ status: 'STOPLOSS_HIT', live: live('open') }),
    ]) {
      const row = renderPlacedRow(trade);
      expect(within(row).getByRole('button', { name: 'Delete BTCUSDT Long' })).toBeVisible();
      cleanup();
    }
    // Closed by the exchange's fills: verified, so hidden, never deleted.
    const verified = renderPlacedRow(wonTradeFixture({ live: live('closed'), verified: true }));
    expect(within(verified).getByRole('button', { name: 'Hide BTCUSDT Long' })).toBeVisible();
  });
});

describe('TradeRow script cells', () => {
  it('names a cell the script ticked with its label, value and unit', () => {
    const row = renderRow(
      tradeFixture({
        cells: [
          { index: 0, title: 'Own rule', points: 2 },
          {
            index: 3,
            title: 'Volume above its 20-candle average',
            points: 1,
            script: 'volume-up',
            value: 1.8456,
          },
        ],
      }),
    );
    const cells = within(row).getByRole('list', { name: 'Ticked cells' });
    expect(within(cells).getByText('Own rule')).toBeVisible();
    expect(
      within(cells).getByText(
        'Script: Volume above its 20-candle average (1.85 × the 20-candle average)',
      ),
    ).toBeVisible();
  });
});
