import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { bearer, registerPremiumUser, registerUser, type ApiUser } from '../support/analytics';
import { planTrade, widget } from '../support/dashboard';
import { adminUser, grantPremium, signInBrowser } from '../support/visual';

/** What the tests read of GET /api/chat/rooms/:room/messages. */
interface StoredMessage {
  id: string;
  authorName: string;
  text: string;
  deleted: boolean;
  plan: null | { pair: string; isLong: boolean; tier: string; size: number | null };
}

/** A browser of its own, signed in as `user`, at `path`. */
async function openAs(
  browser: Browser,
  user: ApiUser,
  path: string,
  viewport?: { width: number; height: number },
) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await signInBrowser(page, user);
  await page.goto(path);
  return page;
}

/** Waits until the chat shows its room and its stream is open (no "Connecting..."). */
async function chatReady(page: Page, room = 'General') {
  await expect(page.getByRole('textbox', { name: `Message to ${room}` })).toBeEnabled();
  await expect(page.getByText('Connecting...')).toHaveCount(0);
}

/** axe (WCAG A and AA, best practices): no serious or critical violation on the page now. */
async function expectAccessible(page: Page, label: string) {
  // No network idle to wait for: the chat's stream stays open.
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map(
      (v) => `- ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}`).join('\n')}`,
    )
    .join('\n');
  expect(serious, `axe on ${label}:\n${report}`).toEqual([]);
}

async function storedMessages(request: APIRequestContext, user: ApiUser, room: string) {
  const res = await request.get(`/api/chat/rooms/${room}/messages?limit=100`, {
    headers: bearer(user),
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { messages: StoredMessage[] }).messages;
}

test('two premium traders chat live, share a plan card, and an admin removes a message', async ({
  browser,
  request,
}) => {
  const ada = await registerPremiumUser(request, 'chatada');
  const bob = await registerPremiumUser(request, 'chatbob');
  const admin = await adminUser(request);
  await grantPremium(request, admin);

  const adaPage = await openAs(browser, ada, '/chat');
  const bobPage = await openAs(browser, bob, '/chat');
  await chatReady(adaPage);
  await chatReady(bobPage);

  // Ada writes; Bob sees it within a moment, pushed (no reload), with Ada's name.
  // The link shows as its host: the message's text on screen is not what was typed.
  const greeting = `gm from ada ${Date.now()}`;
  const hello = `${greeting}, chart https://www.tradingview.com/x/abc`;
  await adaPage.getByRole('textbox', { name: 'Message to General' }).fill(hello);
  await adaPage.keyboard.press('Enter');
  const bobLog = bobPage.getByRole('log');
  const onBob = bobLog.getByRole('listitem').filter({ hasText: `gm from ada` }).last();
  await expect(onBob).toBeVisible({ timeout: 3_000 });
  await expect(onBob).toContainText(ada.username);
  await expect(onBob.getByRole('link', { name: /www\.tradingview\.com/ })).toHaveAttribute(
    'rel',
    'noopener noreferrer nofollow',
  );
  // Ada's own copy is marked as hers, once.
  const onAda = adaPage.getByRole('log').getByRole('listitem').filter({ hasText: 'gm from ada' });
  await expect(onAda).toHaveCount(1);
  await expect(onAda.getByText('You', { exact: true })).toBeVisible();

  // Ada shares a plan from Trade Details to the BTC room; Bob, still in General, sees BTC's
  // unread badge, opens the room and reads the card: pair, side, levels and tier, no size.
  const dashboard = await openAs(browser, ada, '/bingo');
  const details = await planTrade(dashboard, 'Long', 60_000, 62_000);
  await details.getByRole('button', { name: 'Share to chat' }).click();
  const share = dashboard.getByRole('dialog', { name: 'Share to chat' });
  await expect(share.getByLabel('Room')).toHaveValue('btc');
  await expect(share.getByLabel('Include size')).not.toBeChecked();
  await share.getByLabel('Comment (optional)').fill('breakout retest');
  await share.getByRole('button', { name: 'Share' }).click();
  await expect(share).toBeHidden();

  const rooms = bobPage.getByRole('navigation', { name: 'Chat rooms' });
  await expect(rooms.getByRole('button', { name: /BTC/ })).toContainText('1 unread', {
    timeout: 3_000,
  });
  await rooms.getByRole('button', { name: /BTC/ }).click();
  const card = bobPage.getByRole('region', { name: /Trade plan: BTC\S* Long/ }).last();
  await expect(card).toBeVisible();
  for (const [term, value] of [
    ['Entry', '62,000'],
    ['Stop', '60,000'],
  ] as const) {
    await expect(
      card.locator('div', { has: bobPage.getByText(term, { exact: true }) }),
    ).toContainText(value);
  }
  await expect(card.getByText('Target', { exact: true })).toBeVisible();
  await expect(card.getByText('R/R', { exact: true })).toBeVisible();
  await expect(card.getByText(/^\dR\/R$/)).toBeVisible();
  await expect(card.getByText('Size', { exact: true })).toHaveCount(0);
  await expect(bobPage.getByText('breakout retest').last()).toBeVisible();
  await expect(rooms.getByRole('button', { name: /BTC/ })).not.toContainText('unread');
  await bobPage.screenshot({ path: 'test-results/chat-desktop.png' });
  await expectAccessible(bobPage, '/chat?room=btc on a desktop');

  // What was stored: the plan without its size.
  const btc = await storedMessages(request, bob, 'btc');
  const shared = btc.filter((m) => m.authorName === ada.username).at(-1)!;
  expect(shared.plan).toMatchObject({
    pair: expect.stringMatching(/^BTC/),
    isLong: true,
    size: null,
  });
  expect(shared.text).toBe('breakout retest');

  // The admin removes Ada's greeting; both traders see "Message removed" in its place.
  const adminPage = await openAs(browser, admin, '/chat');
  await chatReady(adminPage);
  const onAdmin = adminPage.getByRole('log').getByRole('listitem').filter({ hasText: greeting });
  await onAdmin.getByRole('button', { name: `Delete message from ${ada.username}` }).click();
  const confirm = adminPage.getByRole('alertdialog', { name: 'Delete message' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(adminPage.getByRole('log').getByText(greeting)).toHaveCount(0);
  await expect(adaPage.getByRole('log').getByText(greeting)).toHaveCount(0, { timeout: 3_000 });
  // Ada's only message in General is the greeting: it reads as removed.
  await expect(
    adaPage.getByRole('log').getByRole('listitem').filter({ hasText: ada.username }),
  ).toContainText('Message removed');
  await bobPage
    .getByRole('navigation', { name: 'Chat rooms' })
    .getByRole('button', { name: 'General' })
    .click();
  await expect(bobPage.getByRole('log').getByText(greeting)).toHaveCount(0);
  const general = await storedMessages(request, bob, 'general');
  const removed = general.filter((m) => m.authorName === ada.username).at(-1)!;
  expect(removed).toMatchObject({ deleted: true, text: '' });
});

test('a free trader meets the premium lock, and the API refuses them', async ({
  browser,
  request,
}) => {
  const free = await registerUser(request, 'chatfree');
  const page = await openAs(browser, free, '/chat');
  const lock = page.getByRole('dialog', { name: 'Premium Feature' });
  await expect(lock).toBeVisible();
  await expect(lock).toContainText('The chat is only available to premium users');
  await expect(page.getByRole('log')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/chat-locked.png' });
  // The dashboard's chat widget shows the lock's note and button instead of the chat.
  await page.goto('/bingo?addWidget=chat');
  const panel = widget(page, 'Chat');
  await expect(panel.getByRole('button', { name: 'Unlock the chat' })).toBeVisible();
  await panel.getByRole('button', { name: 'Unlock the chat' }).click();
  await expect(page.getByRole('dialog', { name: 'Premium Feature' })).toBeVisible();
  for (const res of [
    await request.get('/api/chat/rooms', { headers: bearer(free) }),
    await request.post('/api/chat/rooms/general/messages', {
      headers: bearer(free),
      data: { text: 'let me in' },
    }),
  ]) {
    expect(res.status()).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('PREMIUM_REQUIRED');
  }
});

test('the chat on a phone', async ({ browser, request }) => {
  const trader = await registerPremiumUser(request, 'chatphone');
  const page = await openAs(browser, trader, '/chat', { width: 390, height: 844 });
  await chatReady(page);
  await page.getByRole('textbox', { name: 'Message to General' }).fill('from my phone');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('log').getByText('from my phone').last()).toBeVisible();
  // Nothing wider than the screen.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/chat-phone.png' });
  await expectAccessible(page, '/chat on a phone');
  // Trade Details keeps its Share to chat button on screen.
  await page.goto('/bingo');
  const share = widget(page, 'Trade Details').getByRole('button', { name: 'Share to chat' });
  await share.scrollIntoViewIfNeeded();
  const box = (await share.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await widget(page, 'Trade Details').screenshot({ path: 'test-results/chat-share-phone.png' });
});

test('the chat widget on the dashboard, beside the others', async ({ browser, request }) => {
  const trader = await registerPremiumUser(request, 'chatpanel');
  const page = await openAs(browser, trader, '/bingo?addWidget=chat');
  const panel = widget(page, 'Chat');
  await expect(panel.getByRole('textbox', { name: 'Message to General' })).toBeEnabled();
  await panel.getByRole('textbox', { name: 'Message to General' }).fill('from the dashboard');
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('log').getByText('from the dashboard').last()).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/chat-widget.png', fullPage: true });
});

test('an admin mutes a trader: their composer locks live, and the API refuses their posts', async ({
  browser,
  request,
}) => {
  const carl = await registerPremiumUser(request, 'chatcarl');
  const admin = await adminUser(request);
  await grantPremium(request, admin);
  const post = await request.post('/api/chat/rooms/eth/messages', {
    headers: bearer(carl),
    data: { text: `eth to the moon ${Date.now()}` },
  });
  expect(post.status()).toBe(201);

  const carlPage = await openAs(browser, carl, '/chat?room=eth');
  await chatReady(carlPage, 'ETH');
  const adminPage = await openAs(browser, admin, '/chat?room=eth');
  await chatReady(adminPage, 'ETH');
  const message = adminPage
    .getByRole('log')
    .getByRole('listitem')
    .filter({ hasText: carl.username })
    .last();
  await message.getByRole('button', { name: `Mute ${carl.username}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: `Mute ${carl.username}` });
  await dialog.getByLabel('Duration').selectOption({ label: '1 hour' });
  await dialog.getByLabel('Reason (optional)').fill('moon spam');
  await dialog.getByRole('button', { name: 'Mute' }).click();
  await expect(dialog).toBeHidden();

  await expect(carlPage.getByRole('textbox', { name: 'Message to ETH' })).toBeDisabled({
    timeout: 3_000,
  });
  await expect(carlPage.getByText(/You are muted until/)).toBeVisible();
  const refused = await request.post('/api/chat/rooms/eth/messages', {
    headers: bearer(carl),
    data: { text: 'let me talk' },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('CHAT_MUTED');
  const rooms = await request.get('/api/chat/rooms', { headers: bearer(carl) });
  expect(((await rooms.json()) as { muted: { until: string } | null }).muted).not.toBeNull();

  // Lifted by the admin, the composer opens again by itself.
  const lifted = await request.delete(`/api/admin/chat/mutes/${carl.id}`, {
    headers: bearer(admin),
  });
  expect(lifted.status()).toBeLessThan(300);
  await expect(carlPage.getByRole('textbox', { name: 'Message to ETH' })).toBeEnabled({
    timeout: 3_000,
  });
});
