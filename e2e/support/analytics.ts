import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { ensureAdmin, newUser } from './users';

/** A registered account with its id and session token. */
export interface ApiUser {
  username: string;
  email: string;
  password: string;
  id: string;
  token: string;
}

/** One trade to seed: levels, the starter board's cells ticked when it is opened (0-based
 * indexes), and how it closes. */
export interface SeedTrade {
  pair: string;
  isLong: boolean;
  stopLoss: number;
  entryPrice: number;
  takeProfit: number;
  cells: number[];
  close: 'TARGET_HIT' | 'STOPLOSS_HIT';
}

/** What the tests read of GET /api/analytics (packages/core/src/schemas/analytics.ts). */
export interface AnalyticsAnswer {
  summary: Record<string, number | null>;
  openTrades: number;
  byCell: Array<{
    index: number;
    title: string;
    tradesWith: number;
    tradesWithout: number;
    expectancyRWith: number | null;
    expectancyRWithout: number | null;
    edgeR: number | null;
  }>;
  options: { pairs: string[] };
}

export const bearer = (user: Pick<ApiUser, 'token'>) => ({
  authorization: `Bearer ${user.token}`,
});

/** Registers a fresh account through the API. */
export async function registerUser(request: APIRequestContext, prefix: string): Promise<ApiUser> {
  await ensureAdmin(request);
  const user = newUser(prefix);
  const res = await request.post('/api/users/register', { data: user });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { token: string; user: { id: string } };
  return { ...user, id: body.user.id, token: body.token };
}

/** Registers a fresh account and has the admin grant it premium (the admin panel's call). */
export async function registerPremiumUser(
  request: APIRequestContext,
  prefix: string,
): Promise<ApiUser> {
  const admin = await ensureAdmin(request);
  const user = await registerUser(request, prefix);
  const login = await request.post('/api/users/login', {
    data: { username: admin.username, password: admin.password },
  });
  expect(login.status()).toBe(200);
  const adminToken = ((await login.json()) as { token: string }).token;
  const granted = await request.put('/api/users/premium-status', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { userId: user.id, isPaidUser: true },
  });
  expect(granted.status()).toBe(200);
  return user;
}

/** Ticks exactly `ticked` among `touched` on the user's current board (PATCH one cell each). */
async function setTicked(
  request: APIRequestContext,
  user: ApiUser,
  touched: readonly number[],
  ticked: readonly number[],
) {
  for (const index of touched) {
    const res = await request.patch(`/api/bingo/card/cell/${index}`, {
      headers: bearer(user),
      data: { cell: { selected: ticked.includes(index) } },
    });
    expect(res.status(), `tick cell ${index}`).toBe(200);
  }
}

/**
 * Seeds trades through the real API: before each trade the board's cells are ticked as the
 * trade says (so its cell snapshot is the server's), then the trade is opened (POST
 * /api/trades); once all are open they are closed in order (PUT /api/trades/:id/status). All
 * are opened at streak 0, so each is $1,000. The session allows 3 trades a day by default
 * (a looser limit applies only from the next trading day): seed at most 3.
 */
export async function seedTrades(
  request: APIRequestContext,
  user: ApiUser,
  trades: readonly SeedTrade[],
): Promise<string[]> {
  const touched = [...new Set(trades.flatMap((t) => t.cells))];
  const ids: string[] = [];
  for (const trade of trades) {
    await setTicked(request, user, touched, trade.cells);
    const created = await request.post('/api/trades', {
      headers: bearer(user),
      data: {
        pair: trade.pair,
        isLong: trade.isLong,
        stopLoss: trade.stopLoss,
        entryPrice: trade.entryPrice,
        takeProfit: trade.takeProfit,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const body = (await created.json()) as { id: string; sizeUsd: number; cells: unknown[] };
    expect(body.sizeUsd).toBe(1000);
    expect(body.cells).toHaveLength(trade.cells.length);
    ids.push(body.id);
  }
  for (const [i, trade] of trades.entries()) {
    const closed = await request.put(`/api/trades/${ids[i]}/status`, {
      headers: bearer(user),
      data: { status: trade.close },
    });
    expect(closed.status(), await closed.text()).toBe(200);
  }
  await setTicked(request, user, touched, []);
  return ids;
}

/** GET /api/analytics with the user's token and a query ('?pair=ETHUSDT'). */
export async function analyticsOf(
  request: APIRequestContext,
  user: ApiUser,
  query = '',
): Promise<AnalyticsAnswer> {
  const res = await request.get(`/api/analytics${query}`, { headers: bearer(user) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as AnalyticsAnswer;
}

/** The value (the first dd) beside a term (dt) of the "Key figures" list. */
export function keyFigure(page: Page, term: string): Locator {
  return page
    .getByRole('region', { name: 'Key figures' })
    .locator('dl')
    .locator('dt', { hasText: new RegExp(`^\\s*${term}\\s*$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/**
 * The cell under column `column` of the per-cell edge row whose Cell is `title` (a cell
 * spanning several columns, as "Not enough trades yet" does, is the one under each of them).
 */
export async function edgeCell(page: Page, title: string, column: string): Promise<Locator> {
  const table = page.getByRole('table', { name: 'Per-cell edge' });
  await expect(table).toBeVisible();
  const headers = (await table.locator('thead th').allTextContents()).map((h) => h.trim());
  const at = headers.indexOf(column);
  expect(at, `column "${column}" among ${JSON.stringify(headers)}`).toBeGreaterThanOrEqual(0);
  const row = table.locator('tbody tr').filter({
    has: page.getByRole('rowheader', { name: title, exact: true }),
  });
  await expect(row).toHaveCount(1);
  const cells = row.locator('th, td');
  const spans = await cells.evaluateAll((els) =>
    els.map((el) => (el as HTMLTableCellElement).colSpan),
  );
  let end = 0;
  const index = spans.findIndex((span) => (end += span) > at);
  expect(index, `a cell under "${column}"`).toBeGreaterThanOrEqual(0);
  return cells.nth(index);
}

/** Rows of a CSV text (RFC 4180 quoting), the header first; the trailing line break ignored. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/**
 * The seeded journal: three $1,000 trades (the most a session allows in one day with the
 * default limits; a looser limit applies only from the next trading day). Cell index 0 of the
 * starter board, "Trend on the daily agrees", is ticked on the first two only.
 *
 * | # | pair    | side  | entry | stop | target | close    | R  | P/L USD               |
 * | 1 | BTCUSDT | long  | 110   | 100  | 140    | target   | +3 | 1000/110 x 30 = 272.73 |
 * | 2 | ETHUSDT | short | 3000  | 3100 | 2800   | target   | +2 | 1000/3000 x 200 = 66.67 |
 * | 3 | ETHUSDT | long  | 3000  | 2900 | 3200   | stoploss | -1 | -1000/3000 x 100 = -33.33 |
 */
export const JOURNAL: SeedTrade[] = [
  {
    pair: 'BTCUSDT',
    isLong: true,
    entryPrice: 110,
    stopLoss: 100,
    takeProfit: 140,
    cells: [0],
    close: 'TARGET_HIT',
  },
  {
    pair: 'ETHUSDT',
    isLong: false,
    entryPrice: 3000,
    stopLoss: 3100,
    takeProfit: 2800,
    cells: [0],
    close: 'TARGET_HIT',
  },
  {
    pair: 'ETHUSDT',
    isLong: true,
    entryPrice: 3000,
    stopLoss: 2900,
    takeProfit: 3200,
    cells: [],
    close: 'STOPLOSS_HIT',
  },
];
/** Cell index 0 of the starter board, ticked on the journal's first two trades. */
export const CELL = 'Trend on the daily agrees';
