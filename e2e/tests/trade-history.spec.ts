import { expect, test, type Locator, type Page } from '@playwright/test';
import { bearer, registerUser } from '../support/analytics';
import { planTrade, widget } from '../support/dashboard';
import { signInBrowser } from '../support/visual';

/*
 * Trade History (issue 26): a mixed journal made through the API, narrowed by pair, side,
 * status and date on the trader's calendar, each card's dates read back in the trader's time
 * zone (Asia/Tokyo, UTC+9) while the browser runs in UTC.
 */

interface Imported {
  pair: string;
  isLong: boolean;
  stopLoss: number;
  entryPrice: number;
  takeProfit: number;
  status: 'OPEN' | 'TARGET_HIT' | 'STOPLOSS_HIT';
  date: string;
  closedAt: string | null;
}

const btcLong = {
  pair: 'BTCUSDT',
  isLong: true,
  stopLoss: 60_000,
  entryPrice: 61_000,
  takeProfit: 64_000,
};
const btcShort = {
  pair: 'BTCUSDT',
  isLong: false,
  stopLoss: 66_000,
  entryPrice: 65_000,
  takeProfit: 62_000,
};
const ethLong = {
  pair: 'ETHUSDT',
  isLong: true,
  stopLoss: 2_900,
  entryPrice: 3_000,
  takeProfit: 3_200,
};
const ethShort = {
  pair: 'ETHUSDT',
  isLong: false,
  stopLoss: 3_300,
  entryPrice: 3_200,
  takeProfit: 3_000,
};
const solLong = { pair: 'SOLUSDT', isLong: true, stopLoss: 180, entryPrice: 190, takeProfit: 220 };

/** The journal, with the Tokyo date and time each card must show (hand-computed, UTC+9). */
const journal: (Imported & { opened: string; closed: string | null })[] = [
  {
    ...btcLong,
    status: 'TARGET_HIT',
    date: '2026-10-02T14:05:00.000Z',
    closedAt: '2026-10-02T18:30:00.000Z',
    opened: '2 Oct 2026, 23:05',
    closed: '3 Oct 2026, 03:30',
  },
  {
    ...btcShort,
    status: 'STOPLOSS_HIT',
    date: '2026-10-05T23:40:00.000Z',
    closedAt: '2026-10-06T01:10:00.000Z',
    opened: '6 Oct 2026, 08:40',
    closed: '6 Oct 2026, 10:10',
  },
  {
    ...ethLong,
    status: 'STOPLOSS_HIT',
    date: '2026-10-10T09:00:00.000Z',
    closedAt: '2026-10-10T16:45:00.000Z',
    opened: '10 Oct 2026, 18:00',
    closed: '11 Oct 2026, 01:45',
  },
  {
    ...ethShort,
    status: 'TARGET_HIT',
    date: '2026-10-12T02:20:00.000Z',
    closedAt: '2026-10-13T07:00:00.000Z',
    opened: '12 Oct 2026, 11:20',
    closed: '13 Oct 2026, 16:00',
  },
  {
    ...solLong,
    status: 'OPEN',
    date: '2026-10-20T15:15:00.000Z',
    closedAt: null,
    opened: '21 Oct 2026, 00:15',
    closed: null,
  },
];

const cardName = (t: Imported) =>
  `${t.pair} ${t.isLong ? 'Long' : 'Short'}, ${{ OPEN: 'OPEN', TARGET_HIT: 'WIN', STOPLOSS_HIT: 'LOSS' }[t.status]}`;

function cards(history: Locator): Locator {
  return history.getByRole('list', { name: 'Trades' }).getByRole('listitem', {
    name: /^\S+ (Long|Short), (OPEN|WIN|LOSS)$/,
  });
}

async function openHistory(page: Page): Promise<Locator> {
  await widget(page, 'Trade Details')
    .getByRole('button', { name: /Trade History/ })
    .click();
  return page.getByRole('dialog', { name: 'Trade History' });
}

test.use({ viewport: { width: 1440, height: 900 }, timezoneId: 'UTC', locale: 'en-US' });

test('narrows a mixed history by pair, side, status and Tokyo dates, each card dated in Tokyo time', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'history');
  const zone = await request.put('/api/users/time-zone', {
    headers: bearer(user),
    data: { timeZone: 'Asia/Tokyo' },
  });
  expect(zone.status(), await zone.text()).toBe(200);
  const imported = await request.post('/api/trades/import', {
    headers: bearer(user),
    data: {
      trades: journal.map(({ opened: _o, closed: _c, ...trade }) => ({
        ...trade,
        sizeUsd: 1000,
        cells: [],
      })),
    },
  });
  expect(imported.status(), await imported.text()).toBe(201);
  // The stored rows keep the times sent: the cards below are read from them.
  const stored = (await (
    await request.get('/api/trades', { headers: bearer(user) })
  ).json()) as Imported[];
  expect(stored.map((t) => [cardName(t), t.date, t.closedAt]).sort()).toEqual(
    journal.map((t) => [cardName(t), t.date, t.closedAt]).sort(),
  );

  await signInBrowser(page, user);
  await page.goto('/bingo');
  const history = await openHistory(page);
  const count = history.getByRole('status');
  await expect(count).toHaveText('5 trades · times in Asia/Tokyo');
  await expect(cards(history)).toHaveCount(5);

  // Every card: opened and closed in the trader's zone.
  for (const trade of journal) {
    const card = history.getByRole('listitem', { name: cardName(trade) });
    await expect(card).toContainText(`Opened ${trade.opened}`);
    if (trade.closed) await expect(card).toContainText(`Closed ${trade.closed}`);
    else await expect(card).not.toContainText('Closed');
  }

  await history.getByLabel('Pair').selectOption('BTCUSDT');
  await expect(count).toContainText('2 of 5 trades match');
  // Newest first: the short opened 6 Oct, the long 2 Oct.
  await expect(cards(history)).toHaveText([/^BTCUSDTSHORT/, /^BTCUSDTLONG/]);

  await history.getByLabel('Side').selectOption('short');
  await expect(count).toContainText('1 of 5 trades match');
  await expect(cards(history)).toHaveCount(1);
  await expect(history.getByRole('listitem', { name: 'BTCUSDT Short, LOSS' })).toContainText(
    'Opened 6 Oct 2026, 08:40',
  );

  await history.getByRole('button', { name: 'Clear filters' }).click();
  await history.getByLabel('Status').selectOption('LOSS');
  await expect(count).toContainText('2 of 5 trades match');
  await history.getByLabel('Sort').selectOption('Oldest first');
  await expect(cards(history)).toHaveText([/^BTCUSDTSHORT/, /^ETHUSDTLONG/]);
  await history.getByLabel('Status').selectOption('OPEN');
  await expect(cards(history)).toHaveCount(1);
  await expect(cards(history).first()).toContainText('Opened 21 Oct 2026, 00:15');

  // The date range is Tokyo's calendar: 6 Oct there is the short opened at 23:40 UTC on 5 Oct.
  await history.getByRole('button', { name: 'Clear filters' }).click();
  await history.getByLabel('Opened from').fill('2026-10-06');
  await history.getByLabel('Opened to').fill('2026-10-06');
  await expect(count).toContainText('1 of 5 trades match · opened on 6 Oct 2026');
  await expect(cards(history)).toHaveText([/^BTCUSDTSHORT/]);
});

for (const screen of [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test.describe(screen.name, () => {
    test.use({ viewport: screen.viewport });

    test('the "saved" notification does not cover the Trade History button', async ({
      page,
      request,
    }) => {
      const user = await registerUser(request, `toast-${screen.name}`);
      await signInBrowser(page, user);
      await page.goto('/bingo');
      const details = await planTrade(page, 'Long', 100, 110);
      await details.getByRole('button', { name: 'Save Long trade' }).click();
      const toast = page.getByText('Long BTCUSDT saved');
      await expect(toast).toBeVisible();
      const button = details.getByRole('button', { name: /Trade History/ });
      await expect(button).toBeInViewport();
      const a = (await page
        .getByRole('region', { name: 'Notifications' })
        .locator('.notification')
        .first()
        .boundingBox())!;
      const b = (await button.boundingBox())!;
      const overlaps =
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlaps, `toast ${JSON.stringify(a)} over button ${JSON.stringify(b)}`).toBe(false);
      // And the button takes the click while the toast is up.
      await button.click({ trial: true });
    });
  });
}
