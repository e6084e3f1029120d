import { render, screen, within } from '@testing-library/react';
import { price } from '@tb/core';
import { describe, expect, it, vi } from 'vitest';
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
  return screen.getByRole('listitem', { name: new RegExp(trade.pair) });
}

const fact = (row: HTMLElement, term: string) =>
  within(row).getByText(term, { selector: 'dt' }).nextElementSibling;

describe('trade card prices', () => {
  it('shows a DOGE trade at its own precision, not rounded to 2 decimals', () => {
    const row = renderRow(
      tradeFixture({
        pair: 'DOGEUSDT',
        stopLoss: price(0.1932),
        entryPrice: price(0.1968),
        takeProfit: price(0.2076),
      }),
    );
    expect(fact(row, 'SL')).toHaveTextContent(/^0\.1932$/);
    expect(fact(row, 'Entry')).toHaveTextContent(/^0\.1968$/);
    expect(fact(row, 'Target')).toHaveTextContent(/^0\.2076$/);
  });

  it('shows whole prices without padding and an exit at its filled price', () => {
    const sol = renderRow(
      tradeFixture({
        pair: 'SOLUSDT',
        stopLoss: price(190),
        entryPrice: price(195),
        takeProfit: price(210),
      }),
    );
    expect(fact(sol, 'Entry')).toHaveTextContent(/^195$/);
    const eth = renderRow(
      wonTradeFixture({
        pair: 'ETHUSDT',
        stopLoss: price(4300),
        entryPrice: price(4350),
        takeProfit: price(4500),
        exitPrice: price(4409.7),
        offPlan: true,
      }),
    );
    expect(fact(eth, 'Exit')).toHaveTextContent(/^4,409\.7$/);
  });
});
