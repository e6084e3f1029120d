import { fireEvent, screen, waitFor } from '@testing-library/react';
import { addWidget, defaultLayoutFor, type WidgetLayouts } from '@tb/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetLocalJournal } from '@/features/journal';
import { stubFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const storedChart = () =>
  (JSON.parse(localStorage.getItem('completeLayout') ?? '{}') as WidgetLayouts).desktop?.find(
    (item) => item.i === 'chart',
  );

beforeEach(() => resetLocalJournal());

describe('the chart choice of an anonymous trader', () => {
  it('is read from and written to the layout in the browser', async () => {
    const desktop = addWidget(defaultLayoutFor('desktop'), 'chart').layout.map((item) =>
      item.i === 'chart' ? { ...item, props: { ...item.props, view: 'builtIn' } } : item,
    );
    localStorage.setItem(
      'completeLayout',
      JSON.stringify({ desktop, mobile: defaultLayoutFor('mobile') }),
    );
    // No candles: the built-in chart says so, and no chart library is needed.
    const fetch = stubFetch(() => ({ status: 500 }));
    renderApp('/bingo');
    // The stored choice: the built-in chart at once, with its pair, and no TradingView panel.
    expect(await screen.findByLabelText('Chart legend')).toHaveTextContent('BTC-USD');
    expect(screen.queryByRole('heading', { name: 'Chart Display Issue' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Try TradingView again' }));
    await waitFor(() => expect(storedChart()?.props).toMatchObject({ view: 'tradingview' }));
    // Kept in the browser: nothing is sent to the server for an anonymous trader.
    expect(fetch.mock.calls.some(([url]) => String(url).includes('widget-layout'))).toBe(false);
    // The whole app and the chart's lazy chunk: 3 s alone, more on a busy machine.
  }, 15_000);
});
