import { premiumLockTexts } from '@tb/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { authed, login, register, roles } from '../../test/api.js';
import { addKey, newKeys } from '../../test/exchange-fixtures.js';
import { describeEachDatabase } from '../../test/helper.js';

const DAY = 86_400_000;

/**
 * Premium follows the subscription on every request, with no job: a period that ended
 * yesterday locks the premium features again, a running one (even cancelled) opens them.
 */
describeEachDatabase('premium follows the subscription', (ctx) => {
  let adminToken = '';
  beforeAll(async () => {
    adminToken = (await roles(ctx.app, ctx.database)).admin.token;
  });

  /** Saves the user's boards as two boards: premium only. */
  const saveTwoBoards = async (token: string) => {
    const card = (await authed(ctx.app, token, 'GET', '/api/bingo/card')).json().data;
    const second = { ...card.bingoPages[0], id: 'second', name: 'Board 2' };
    return authed(ctx.app, token, 'POST', '/api/bingo/card', {
      ...card,
      bingoPages: [card.bingoPages[0], second],
      currentPageIndex: 1,
    });
  };
  const exportBoards = (token: string) => authed(ctx.app, token, 'GET', '/api/bingo/export.xlsx');
  const isPaidUser = async (token: string) =>
    (await authed(ctx.app, token, 'GET', '/api/users/me')).json().isPaidUser;

  const addMonthly = (userId: string) =>
    authed(ctx.app, adminToken, 'POST', `/api/users/${userId}/subscription/add`, {
      plan: 'monthly',
    });

  /**
   * A user whose 30-day monthly period the admin added `daysAgo` days ago (the clock is set
   * back for the add, then returns to real time), cancelled by the user if asked.
   */
  const userWith = async (daysAgo: number, cancelled = false) => {
    const user = await register(ctx.app);
    ctx.clock.set(Date.now() - daysAgo * DAY);
    expect((await addMonthly(user.id)).statusCode).toBe(200);
    if (cancelled) {
      const cancel = await authed(ctx.app, user.token, 'POST', '/api/subscription/cancel');
      expect(cancel.statusCode).toBe(200);
    }
    ctx.clock.useRealTime();
    return user;
  };

  it('locks a user whose period ended yesterday (403 PREMIUM_REQUIRED)', async () => {
    const user = await userWith(31);
    expect(await isPaidUser(user.token)).toBe(false);
    const save = await saveTwoBoards(user.token);
    expect(save.statusCode).toBe(403);
    expect(save.json().error).toEqual({
      code: 'PREMIUM_REQUIRED',
      message: 'Upgrade to Premium to access multiple Bingo pages and custom page names',
    });
    const file = await exportBoards(user.token);
    expect(file.statusCode).toBe(403);
    expect(file.json().error).toEqual({
      code: 'PREMIUM_REQUIRED',
      message: premiumLockTexts.defaultMessage,
    });
  });

  it.each([
    ['running', false],
    ['cancelled but still running', true],
  ])('opens boards and export for a %s period', async (_name, cancelled) => {
    const user = await userWith(1, cancelled);
    expect(await isPaidUser(user.token)).toBe(true);
    const save = await saveTwoBoards(user.token);
    expect(save.statusCode, save.body).toBe(200);
    expect(save.json().data.bingoPages).toHaveLength(2);
    const file = await exportBoards(user.token);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('ends at the app clock: 30 days after the add, boards and export lock', async () => {
    ctx.clock.set(Date.now());
    const user = await register(ctx.app);
    expect((await addMonthly(user.id)).statusCode).toBe(200);
    expect((await exportBoards(user.token)).statusCode).toBe(200);

    ctx.clock.advance(30 * DAY + 60_000);
    // A session lasts 24 hours of the same clock: sign in again.
    expect((await exportBoards(user.token)).statusCode).toBe(401);
    const token = await login(ctx.app, user);
    expect(await isPaidUser(token)).toBe(false);
    expect((await saveTwoBoards(token)).statusCode).toBe(403);
    const file = await exportBoards(token);
    expect(file.statusCode).toBe(403);
    expect(file.json().error.code).toBe('PREMIUM_REQUIRED');
  });

  it('follows the admin: set-date in the past locks, add opens again', async () => {
    const user = await userWith(1);
    expect((await exportBoards(user.token)).statusCode).toBe(200);
    const admin = (path: string, body: object) =>
      authed(ctx.app, adminToken, 'POST', `/api/users/${user.id}/subscription/${path}`, body);
    const yesterday = new Date(Date.now() - DAY).toISOString();
    expect((await admin('set-date', { endDate: yesterday })).statusCode).toBe(200);
    expect((await exportBoards(user.token)).statusCode).toBe(403);
    expect((await saveTwoBoards(user.token)).statusCode).toBe(403);
    expect((await admin('add', { plan: 'quick' })).statusCode).toBe(200);
    expect((await exportBoards(user.token)).statusCode).toBe(200);
    expect((await saveTwoBoards(user.token)).statusCode).toBe(200);
  });

  describe('the free plan', () => {
    it('gives boards and export, and one exchange key slot', async () => {
      const user = await register(ctx.app);
      expect((await saveTwoBoards(user.token)).statusCode).toBe(403);
      const claim = await authed(ctx.app, user.token, 'POST', '/api/subscription/free-trial');
      expect(claim.statusCode).toBe(201);
      expect(await isPaidUser(user.token)).toBe(true);
      expect((await saveTwoBoards(user.token)).statusCode).toBe(200);
      expect((await exportBoards(user.token)).statusCode).toBe(200);

      await addKey(ctx.app, user.token, newKeys());
      const second = await authed(ctx.app, user.token, 'POST', '/api/api-keys', newKeys());
      expect(second.statusCode).toBe(403);
      expect(second.json().error).toEqual({
        code: 'PREMIUM_REQUIRED',
        message:
          'Your plan allows 1 exchange API key. Upgrade to Premium to connect more exchange API keys.',
      });
    });
  });
});
