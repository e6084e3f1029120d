import { expect, test, type Page } from '@playwright/test';
import { connectPaperAccount } from '../support/exchange';
import { pinMark } from '../support/paper';
import { ensureAdmin, loginViaUi, newUser, registerViaApi } from '../support/users';

/** The order form of /hyperliquid-test. */
function orderForm(page: Page) {
  return page.getByRole('form', { name: 'Place order' });
}

test('paper trading: connect, see the balance, rest and cancel a limit order, open and close a position', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await ensureAdmin(request);
  const user = newUser('paper');
  await registerViaApi(request, user);
  await loginViaUi(page, user.username, user.password);

  await connectPaperAccount(page);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: /Hyperliquid · Paper/ })).toBeVisible();

  // The risk sidebar sizes trades from the paper account's 10,000 USDC: 10 % at streak 0.
  const sidebar = page.getByRole('complementary', { name: 'Risk management' });
  await expect(sidebar.getByText('USDC balance from Hyperliquid · Paper')).toBeVisible();
  await expect(sidebar.getByText('$10,000', { exact: true })).toBeVisible();
  await expect(sidebar.getByText('$1,000', { exact: true })).toBeVisible();

  // The trading page follows the paper account on the app's own /paper/ws.
  const feed = page.waitForEvent('websocket', (socket) => socket.url().endsWith('/paper/ws'));
  await page.goto('/hyperliquid-test');
  const socket = await feed;
  await expect(page.getByText('Account value')).toBeVisible();
  await expect(page.getByText('$10,000.00').first()).toBeVisible();

  // A limit buy far under the market rests on the book...
  const form = orderForm(page);
  // The symbol is a text field until the market list has loaded, then a list of markets.
  const symbol = form.getByRole('combobox', { name: 'Symbol' });
  await expect(symbol).toBeVisible();
  await symbol.selectOption('BTC-USD');
  await form.getByRole('group', { name: 'Side' }).getByRole('button', { name: 'Buy' }).click();
  await form
    .getByRole('group', { name: 'Order type' })
    .getByRole('button', { name: 'Limit' })
    .click();
  await form.getByLabel('Size').fill('0.001');
  await form.getByLabel('Price').fill('50000');
  await form.getByRole('button', { name: 'Place buy order' }).click();
  await expect(page.getByText('Order placed successfully')).toBeVisible();
  const openOrders = page.getByRole('table', { name: 'Open orders' });
  const cancel = openOrders.getByRole('button', { name: /^Cancel buy BTC-USD order \d+$/ });
  await expect(cancel).toBeVisible();

  // ...and is cancelled.
  await cancel.click();
  await expect(page.getByText('Order cancelled successfully')).toBeVisible();
  await expect(page.getByText('No open orders')).toBeVisible();

  // A market buy opens a long position with its P/L.
  await form
    .getByRole('group', { name: 'Order type' })
    .getByRole('button', { name: 'Market' })
    .click();
  await expect(form.getByLabel('Price')).toHaveCount(0);
  await form.getByLabel('Size').fill('0.001');
  await form.getByRole('button', { name: 'Place buy order' }).click();
  const positions = page.getByRole('table', { name: 'Open positions' });
  const row = positions.getByRole('row', { name: /BTC-USD/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/long/i);
  await expect(row).toContainText('$');

  // Closing it leaves no position.
  await positions.getByRole('button', { name: 'Close BTC-USD long position' }).click();
  await expect(page.getByText('No open positions')).toBeVisible();

  await page.screenshot({ path: 'test-results/paper-trading.png', fullPage: true });

  // A resting buy fills when the mark crosses it, with no request from the page: the exchange
  // pushes the fill on /paper/ws and the tables show it (their poll is 30 s while it is up).
  const pin = (px: number | null) => pinMark(request, 'BTC', px);
  await pin(60_000);
  try {
    await form
      .getByRole('group', { name: 'Order type' })
      .getByRole('button', { name: 'Limit' })
      .click();
    await form.getByLabel('Size').fill('0.001');
    await form.getByLabel('Price').fill('59000');
    await form.getByRole('button', { name: 'Place buy order' }).click();
    await expect(cancel).toBeVisible();
    const pushed = socket.waitForEvent('framereceived', (frame) =>
      /"channel":"userFills".*"px":"59000"/.test(String(frame.payload)),
    );
    await pin(58_000);
    await pushed;
    await expect(page.getByText('No open orders')).toBeVisible({ timeout: 10_000 });
    await expect(row).toBeVisible({ timeout: 10_000 });
    await positions.getByRole('button', { name: 'Close BTC-USD long position' }).click();
    await expect(page.getByText('No open positions')).toBeVisible();
  } finally {
    await pin(null);
  }
});
