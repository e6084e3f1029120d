import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mailFromOutbox } from '../support/outbox';
import { checkoutPort, checkoutURL, providerURL } from '../support/ports';
import { ensureAdmin, loginViaUi, newUser } from '../support/users';

/**
 * Issue 30: plans paid through NOWPayments activate by themselves. These run against the run's
 * second app, whose checkout is on and points at the fake provider (fake-nowpayments.mjs,
 * playwright.config.ts): its invoice page, and the signed IPNs it sends when "Pay now" is
 * pressed, before it sends the browser back.
 */
test.use({ baseURL: checkoutURL });

const DAY_MS = 24 * 60 * 60_000;

async function tokenOf(request: APIRequestContext, username: string, password: string) {
  const res = await request.post('/api/users/login', { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** A fresh trader, registered through the API, with the token of that session. */
async function registerTrader(request: APIRequestContext, prefix: string) {
  const trader = newUser(prefix);
  const res = await request.post('/api/users/register', { data: trader });
  expect(res.status(), await res.text()).toBe(201);
  return { ...trader, token: ((await res.json()) as { token: string }).token };
}

const quarterlyPay = (page: Page) =>
  page.getByRole('button', { name: 'Pay with crypto for the Quarterly plan' });

test('a trader pays the quarterly plan at the provider and comes back Premium', async ({
  page,
  request,
}, testInfo) => {
  const admin = await ensureAdmin(request);
  const trader = await registerTrader(request, 'payer');
  const before = await request.get('/api/subscription', {
    headers: { authorization: `Bearer ${trader.token}` },
  });
  expect(await before.json()).toMatchObject({ isPaidUser: false });

  await loginViaUi(page, trader.username, trader.password);
  await page.goto('/payment');
  await expect(page.getByText('Pay with crypto opens an invoice for your account')).toBeVisible();
  await quarterlyPay(page).click();

  // The provider's checkout page, for this invoice, at the quarterly price.
  await expect(page).toHaveURL(new RegExp(`^${providerURL}/invoice/\\d+$`));
  await expect(page.getByTestId('amount')).toHaveText('$20');
  await expect(page.getByText(`Quarterly plan (90 days) for ${trader.username}`)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('provider-page.png') });
  const startedAt = Date.now();
  await page.getByRole('button', { name: 'Pay now' }).click();

  // Back after the IPNs (confirming, then finished): the payment, paid.
  await expect(page).toHaveURL(new RegExp(`^${checkoutURL}/payment\\?payment=[0-9a-f-]{36}$`));
  const paymentId = new URL(page.url()).searchParams.get('payment')!;
  const panel = page.getByRole('region', { name: 'Your payment' });
  await expect(panel.getByText('Paid', { exact: true })).toBeVisible();
  await expect(panel).toContainText('Quarterly plan');
  await expect(panel).toContainText('$20');
  await expect(panel).toContainText('Premium is active. Thank you for your payment.');
  await expect(panel.getByRole('link', { name: 'Continue payment' })).toHaveCount(0);
  await panel.screenshot({ path: testInfo.outputPath('payment-status.png') });
  await page.screenshot({ path: testInfo.outputPath('payment-page.png') });

  // The profile: Premium, on the quarterly plan for 90 days, and the payment listed as paid.
  await panel.getByRole('link', { name: 'See it on your profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const account = page.getByRole('region', { name: 'Account' });
  await expect(account.getByText('Premium User', { exact: true })).toBeVisible();
  const subscription = page.getByRole('region', { name: 'Subscription' });
  await expect(subscription.getByText('Active', { exact: true })).toBeVisible();
  await expect(subscription.getByText('Quarterly', { exact: true })).toBeVisible();
  await expect(subscription.getByText('90', { exact: true })).toBeVisible();
  const payments = page.getByRole('region', { name: 'Payments' });
  await expect(payments.getByRole('listitem')).toHaveCount(1);
  await expect(payments.getByRole('listitem')).toContainText('Quarterly');
  await expect(payments.getByRole('listitem')).toContainText('$20');
  await expect(payments.getByText('Paid', { exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('profile.png'), fullPage: true });

  // The API agrees: premium on the quarterly plan, ending 90 days after the payment.
  const after = await request.get('/api/subscription', {
    headers: { authorization: `Bearer ${trader.token}` },
  });
  expect(after.status()).toBe(200);
  const sub = (await after.json()) as {
    isPaidUser: boolean;
    subscription: { plan: string; active: boolean; endDate: string; remainingDays: number };
  };
  expect(sub).toMatchObject({
    isPaidUser: true,
    subscription: { plan: 'quarterly', active: true, remainingDays: 90 },
  });
  const endMs = Date.parse(sub.subscription.endDate);
  expect(endMs).toBeGreaterThanOrEqual(startedAt + 90 * DAY_MS - 60_000);
  expect(endMs).toBeLessThanOrEqual(Date.now() + 90 * DAY_MS + 60_000);
  // The profile shows that end date, in the trader's zone ('27 Feb 2027').
  const shownEnd = await subscription
    .locator('dt', { hasText: 'End date' })
    .locator('xpath=following-sibling::dd[1]')
    .innerText();
  expect(Math.abs(Date.parse(shownEnd) - endMs)).toBeLessThan(1.5 * DAY_MS);

  // The admin's list: the payment, paid, with its trader and the provider's payment id.
  const adminToken = await tokenOf(request, admin.username, admin.password);
  const listed = await request.get('/api/admin/payments?state=paid', {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(listed.status()).toBe(200);
  const { payments: paid } = (await listed.json()) as {
    payments: Array<{ id: string; activatedAt: string | null }>;
  };
  const row = paid.find((p) => p.id === paymentId);
  expect(row).toMatchObject({
    plan: 'quarterly',
    priceUsd: 20,
    state: 'paid',
    user: { username: trader.username },
    payCurrency: 'btc',
    providerPaymentId: expect.stringMatching(/^\d+$/),
  });
  expect(row!.activatedAt).not.toBeNull();

  // The receipt, in this app's outbox.
  const receipt = await mailFromOutbox(
    trader.email,
    'Receipt: Trading Bingo Quarterly plan',
    checkoutPort,
  );
  expect(receipt.text).toContain('for the Quarterly plan arrived, and Premium is active until');
  expect(receipt.text).toContain(paymentId);
  expect(receipt.links).toContain(`${checkoutURL}/profile`);
});

test('cancelling on the provider page comes back with nothing charged', async ({
  page,
  request,
}) => {
  await ensureAdmin(request);
  const trader = await registerTrader(request, 'canceller');
  await loginViaUi(page, trader.username, trader.password);
  await page.goto('/payment');
  await quarterlyPay(page).click();
  await expect(page).toHaveURL(new RegExp(`^${providerURL}/invoice/\\d+$`));
  const invoiceUrl = page.url();

  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(
    new RegExp(`^${checkoutURL}/payment\\?payment=[0-9a-f-]{36}&cancelled=1$`),
  );
  const panel = page.getByRole('region', { name: 'Your payment' });
  await expect(panel.getByText('Waiting for payment', { exact: true })).toBeVisible();
  await expect(panel).toContainText('You cancelled the payment. Nothing was charged.');
  // The invoice stays open: the trader can go back to it.
  await expect(panel.getByRole('link', { name: 'Continue payment' })).toHaveAttribute(
    'href',
    invoiceUrl,
  );

  const sub = await request.get('/api/subscription', {
    headers: { authorization: `Bearer ${trader.token}` },
  });
  expect(await sub.json()).toMatchObject({ isPaidUser: false });
});
