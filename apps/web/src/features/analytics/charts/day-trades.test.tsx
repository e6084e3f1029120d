import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, stubFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import { DayTrades } from './day-trades';

const trade = {
  id: 'a',
  pair: 'BTCUSDT',
  isLong: true,
  rMultiple: 2,
  pnlUsd: 200,
  closedAt: '2026-11-03T10:00:00.000Z',
};

describe('DayTrades', () => {
  it("says while the day's trades load, then lists them", async () => {
    stubFetch(() => ({ status: 200, body: [trade] }));
    renderWithProviders(<DayTrades day="2026-11-03" filters={{}} timeZone="UTC" />);
    const section = screen.getByRole('region', { name: /^Trades closed on / });
    expect(within(section).getByText("Loading the day's trades...")).toBeInTheDocument();
    expect(await within(section).findByRole('rowheader', { name: 'BTCUSDT' })).toBeVisible();
    expect(within(section).getByRole('cell', { name: '10:00' })).toBeVisible();
  });

  it("a failed load shows the server's message and Try again loads again", async () => {
    let fail = true;
    const fetch = stubFetch(() =>
      fail
        ? { status: 500, body: errorBody('INTERNAL_ERROR', 'Trades are resting') }
        : { status: 200, body: [] },
    );
    const { user } = renderWithProviders(
      <DayTrades day="2026-11-03" filters={{}} timeZone="UTC" />,
    );
    const section = screen.getByRole('region', { name: /^Trades closed on / });
    expect(await within(section).findByRole('alert')).toHaveTextContent('Trades are resting');
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText('No closed trades that day.')).toBeVisible();
    expect(within(section).queryByRole('alert')).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
