import { cleanup, render, screen, within } from '@testing-library/react';
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
  return screen.getByRole('listitem', { name: /BTCUSDT/ });
}

const EXPLANATION =
  'Best the market went for you (MFE) and against you (MAE) while the trade was open, in R';

describe('trade row excursions', () => {
  it('shows a closed trade MFE and MAE in R, with what they mean', () => {
    const row = renderRow(wonTradeFixture({ mfeR: 3.4, maeR: -0.45 }));
    const line = within(row).getByText(/MFE \+3\.4R · MAE −0\.45R/);
    expect(line).toHaveAttribute('title', EXPLANATION);
    expect(line).toHaveTextContent(`MFE +3.4R · MAE −0.45R (${EXPLANATION})`);
  });

  it('shows nothing before they are read, and nothing while the trade is open', () => {
    const closed = renderRow(wonTradeFixture());
    expect(within(closed).queryByText(/MFE/)).toBeNull();
    cleanup();
    const open = renderRow(tradeFixture({ mfeR: 1, maeR: -1 }));
    expect(within(open).queryByText(/MFE/)).toBeNull();
  });
});
