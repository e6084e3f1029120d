import { expect, test, type Page } from '@playwright/test';
import { bearer, registerUser } from '../support/analytics';
import { loginViaUi } from '../support/users';

/** Hourly candles around 110 for BTC-USD, so the built-in chart has something to draw. */
const CANDLES = Array.from({ length: 24 }, (_, i) => [
  Date.UTC(2026, 10, 28, i),
  108 + (i % 5),
  112 + (i % 5),
  104 + (i % 5),
  109 + (i % 5),
  10,
]);

interface StoredLayouts {
  layouts: Record<string, Array<{ i: string; props?: Record<string, unknown> }>>;
}

/**
 * TradingView's script as an ad blocker leaves it: refused. Counts how often it was asked for.
 * The server's candles are answered here: the exchange behind it is not reachable in the run.
 */
async function blockTradingView(page: Page): Promise<{ asked: number }> {
  const script = { asked: 0 };
  await page.route('https://s3.tradingview.com/**', async (route) => {
    script.asked += 1;
    await route.abort('blockedbyclient');
  });
  await page.route('**/api/exchange/ohlcv/**', (route) => route.fulfill({ json: CANDLES }));
  return script;
}

test('the chart choice surviving a reload: the built-in chart, its pair and the open trade’s levels', async ({
  page,
  request,
}) => {
  const trader = await registerUser(request, 'chart');
  // An open long BTC trade: entry 110, stop 100, target 140.
  const opened = await request.post('/api/trades', {
    headers: bearer(trader),
    data: { pair: 'BTCUSDT', isLong: true, stopLoss: 100, entryPrice: 110, takeProfit: 140 },
  });
  expect(opened.status(), await opened.text()).toBe(201);

  const script = await blockTradingView(page);
  await loginViaUi(page, trader.username, trader.password);
  await page.goto('/bingo?addWidget=chart');
  const chart = page.locator('[data-widget-id="chart"]');
  await expect(chart.getByRole('heading', { name: 'Chart Display Issue' })).toBeVisible();
  expect(script.asked).toBeGreaterThan(0);

  const saved = page.waitForResponse(
    (res) =>
      new URL(res.url()).pathname === '/api/users/widget-layout' &&
      res.request().method() === 'PUT' &&
      (res.request().postData() ?? '').includes('builtIn'),
  );
  await chart.getByRole('button', { name: 'Use built-in chart' }).click();
  expect((await saved).status()).toBe(200);

  // What the server stored: the chart widget's props carry the choice.
  const stored = (await (
    await request.get('/api/users/widget-layout', { headers: bearer(trader) })
  ).json()) as StoredLayouts;
  const storedChart = stored.layouts.desktop!.find((item) => item.i === 'chart');
  expect(storedChart?.props).toMatchObject({ view: 'builtIn' });

  // After a reload: straight to the built-in chart, TradingView never asked for again.
  script.asked = 0;
  // The page's timers on Playwright's clock: past the 0.5 s start delay and the 5 s script
  // time-out at once below, without sleeping.
  await page.clock.install();
  await page.reload();
  const legend = chart.getByLabel('Chart legend');
  await expect(legend).toContainText('BTC-USD');
  await expect(legend).toContainText('Long BTCUSDT · entry 110 · stop 100 · target 140');
  await expect(chart.getByRole('img', { name: /Candlestick chart of BTC-USD/ })).toBeVisible();
  await expect(chart.getByRole('heading', { name: 'Chart Display Issue' })).toHaveCount(0);
  await page.clock.runFor(6_000);
  expect(script.asked).toBe(0);
  await expect(chart.getByRole('heading', { name: 'Chart Display Issue' })).toHaveCount(0);

  // Back to TradingView: stored too.
  const back = page.waitForResponse(
    (res) =>
      new URL(res.url()).pathname === '/api/users/widget-layout' &&
      res.request().method() === 'PUT' &&
      (res.request().postData() ?? '').includes('tradingview'),
  );
  await chart.getByRole('button', { name: 'Try TradingView again' }).click();
  expect((await back).status()).toBe(200);
  const after = (await (
    await request.get('/api/users/widget-layout', { headers: bearer(trader) })
  ).json()) as StoredLayouts;
  expect(after.layouts.desktop!.find((item) => item.i === 'chart')?.props).toMatchObject({
    view: 'tradingview',
  });
});
