import type { APIRequestContext, Locator, Page, Route } from '@playwright/test';
import { expect } from '@playwright/test';
import { bearer, type ApiUser } from './analytics';
import { ensureAdmin } from './users';

/**
 * Helpers of the screenshot and accessibility specs: fixed accounts created through the API, a
 * frozen clock in the browser and frozen server times, so a page looks the same on every run
 * whatever ran before it on the same server.
 */

/** The two screens of issue 15: a 1440x900 desktop and a 390x844 phone. */
export const screens = {
  desktop: { viewport: { width: 1440, height: 900 } },
  phone: {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 1,
  },
} as const;
export type ScreenName = keyof typeof screens;

/** The browser's "now" in every visual test: a Tuesday morning (UTC, see timezoneId). */
export const FIXED_NOW = new Date('2026-03-10T10:00:00.000Z');
/** What every server time of today becomes: half an hour before FIXED_NOW. */
const FIXED_TODAY = Date.parse('2026-03-10T09:30:00.000Z');
const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const TIME_KEY = /(time|timestamp|At)$/i;

/**
 * Moves a server time onto the frozen calendar: as many whole days before or after FIXED_NOW
 * as it is before or after the real now, at 09:30 (date-only values keep their day offset).
 */
function freezeTime(value: number, realNow: number): number {
  const days = Math.round((value - realNow) / DAY_MS);
  return FIXED_TODAY + days * DAY_MS;
}

/** Rewrites every date, ISO time and epoch-millisecond time field of an API answer. */
export function freezeTimes(value: unknown, realNow = Date.now(), key = ''): unknown {
  if (typeof value === 'string') {
    if (ISO_DATE.test(value)) {
      const today = Date.parse(new Date(realNow).toISOString().slice(0, 10));
      const days = Math.round((Date.parse(value) - today) / DAY_MS);
      return new Date(FIXED_TODAY + days * DAY_MS).toISOString().slice(0, 10);
    }
    if (ISO_DATE_TIME.test(value)) {
      const at = Date.parse(value);
      return Number.isFinite(at) ? new Date(freezeTime(at, realNow)).toISOString() : value;
    }
    return value;
  }
  if (typeof value === 'number') {
    // Epoch milliseconds within a year of now, in a field named like a time (Hyperliquid's).
    if (TIME_KEY.test(key) && Math.abs(value - realNow) < 366 * DAY_MS) {
      return freezeTime(value, realNow);
    }
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => freezeTimes(item, realNow, key));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, freezeTimes(v, realNow, k)]),
    );
  }
  return value;
}

/**
 * The server groups trades by the weekday and hour they were opened on the real clock: on the
 * frozen calendar every trade of the run was opened on FIXED_TODAY, a Tuesday at 09 (UTC).
 */
function freezeAnalyticsGroups(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  const report = body as Record<string, unknown>;
  const rekey = (rows: unknown, key: string) =>
    Array.isArray(rows) ? rows.map((row: object) => ({ ...row, key })) : rows;
  return {
    ...report,
    byWeekday: rekey(report.byWeekday, 'Tue'),
    byHour: rekey(report.byHour, '09'),
  };
}

/** Extra rewrites of one API answer (path without the query, parsed JSON) before the page reads it. */
export type ApiRewrite = (path: string, body: unknown) => unknown;

/**
 * Freezes the page: its clock stands at FIXED_NOW and every JSON answer of /api has its times
 * moved onto the frozen calendar (then `rewrite`, when given, may change it further).
 */
export async function freezePage(page: Page, rewrite?: ApiRewrite) {
  await page.clock.setFixedTime(FIXED_NOW);
  await page.route('**/api/**', async (route: Route) => {
    const response = await route.fetch();
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('application/json')) {
      await route.fulfill({ response });
      return;
    }
    const path = new URL(route.request().url()).pathname;
    let body = freezeTimes(await response.json());
    if (path === '/api/analytics') body = freezeAnalyticsGroups(body);
    if (rewrite) body = rewrite(path, body);
    await route.fulfill({ response, json: body });
  });
}

/** Signs the browser in as `user` (the stored session of lib/session.ts) before any page loads. */
export async function signInBrowser(page: Page, user: Pick<ApiUser, 'username' | 'token'>) {
  await page.addInitScript(
    ({ token, username }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('username', username);
    },
    { token: user.token, username: user.username },
  );
}

/**
 * Registers an account with a fixed name, or signs in to it when this run of the server already
 * has it (a spec run twice on one server, as `--repeat-each` does).
 */
export async function fixedUser(request: APIRequestContext, username: string): Promise<ApiUser> {
  await ensureAdmin(request);
  const user = { username, email: `${username}@example.com`, password: 'correct-horse-1' };
  const res = await request.post('/api/users/register', { data: user });
  expect([201, 409], await res.text()).toContain(res.status());
  if (res.status() === 201) {
    const body = (await res.json()) as { token: string; user: { id: string } };
    return { ...user, id: body.user.id, token: body.token };
  }
  return signIn(request, user.username, user.password, user.email);
}

/** Signs in through the API. */
export async function signIn(
  request: APIRequestContext,
  username: string,
  password: string,
  email = '',
): Promise<ApiUser> {
  const res = await request.post('/api/users/login', { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { token: string; user: { id: string; email?: string } };
  return {
    username,
    password,
    email: body.user.email ?? email,
    id: body.user.id,
    token: body.token,
  };
}

/** The installation's admin (the first account), signed in. */
export async function adminUser(request: APIRequestContext): Promise<ApiUser> {
  const admin = await ensureAdmin(request);
  return signIn(request, admin.username, admin.password, admin.email);
}

/** The admin grants `user` premium (PUT /api/users/premium-status). */
export async function grantPremium(request: APIRequestContext, user: ApiUser) {
  const admin = await adminUser(request);
  const res = await request.put('/api/users/premium-status', {
    headers: bearer(admin),
    data: { userId: user.id, isPaidUser: true },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Ticks (or clears) cells of the user's current board, 0-based. */
export async function tickCells(
  request: APIRequestContext,
  user: ApiUser,
  cells: readonly number[],
  selected = true,
) {
  for (const index of cells) {
    const res = await request.patch(`/api/bingo/card/cell/${index}`, {
      headers: bearer(user),
      data: { cell: { selected } },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}

export interface PlannedTrade {
  pair: string;
  isLong: boolean;
  stopLoss: number;
  entryPrice: number;
  takeProfit: number;
}

/** Saves a trade to the journal (POST /api/trades); closes it when `close` is given. */
export async function saveTrade(
  request: APIRequestContext,
  user: ApiUser,
  trade: PlannedTrade,
  close?: 'TARGET_HIT' | 'STOPLOSS_HIT',
): Promise<string> {
  const created = await request.post('/api/trades', { headers: bearer(user), data: trade });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  if (close) {
    const closed = await request.put(`/api/trades/${id}/status`, {
      headers: bearer(user),
      data: { status: close },
    });
    expect(closed.status(), await closed.text()).toBe(200);
  }
  return id;
}

/** Waits until the page has settled: fonts loaded, no spinner or busy region left. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/**
 * A full-page screenshot compared with the committed baseline (e2e/screenshots; the tolerance,
 * animations and caret are set in playwright.config.ts).
 */
export async function expectPage(page: Page, name: string, mask: Locator[] = []) {
  await settle(page);
  await expect(page).toHaveScreenshot(`${name}.png`, { fullPage: true, mask });
}

/** A screenshot of one element (a dialog) compared with its committed baseline. */
export async function expectElement(locator: Locator, name: string, mask: Locator[] = []) {
  await settle(locator.page());
  await expect(locator).toHaveScreenshot(`${name}.png`, { mask });
}
