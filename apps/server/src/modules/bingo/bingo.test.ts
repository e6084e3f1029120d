import { currentScore, starterBingoCells } from '@tb/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { type Method, authed, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

describeEachDatabase('bingo routes', (ctx) => {
  const call = (token: string, method: Method, url: string, payload?: unknown) =>
    authed(ctx.app, token, method, url, payload);
  const getCard = async (token: string) =>
    (await call(token, 'GET', '/api/bingo/card')).json().data;
  const makePremium = (id: string) =>
    ctx.database.db.update(users).set({ isPaidUser: true }).where(eq(users.id, id));

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/bingo/card' })).statusCode).toBe(401);
  });

  it('creates the default board on first read', async () => {
    const user = await register(ctx.app);
    const res = await call(user.token, 'GET', '/api/bingo/card');
    expect(res.statusCode).toBe(200);
    const { success, data } = res.json();
    expect(success).toBe(true);
    expect(data).toMatchObject({ currentPageIndex: 0, version: 1, formatVersion: '2.0' });
    expect(data.bingoPages).toHaveLength(1);
    expect(data.bingoPages[0].name).toBe('Default Board');
    expect(data.bingoPages[0].bingoCells).toHaveLength(25);
  });

  it('gives a new user the starter board, nothing ticked, and keeps it on the next read', async () => {
    const user = await register(ctx.app);
    const first = await getCard(user.token);
    expect(first.bingoPages[0].bingoCells).toEqual(starterBingoCells());
    expect(first.bingoPages[0].bingoCells[10]).toEqual({
      id: 10,
      title: 'Stop beyond structure',
      points: 3,
      selected: false,
    });
    expect(currentScore(first)).toBe(0);
    const again = await getCard(user.token);
    expect(again).toEqual(first);
  });

  describe('PATCH a cell', () => {
    it('changes the cell and bumps the version', async () => {
      const user = await register(ctx.app);
      const res = await call(user.token, 'PATCH', '/api/bingo/card/cell/4', {
        cell: { title: '  Checked the trend  ', points: 3, selected: true },
      });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.version).toBe(2);
      expect(data.bingoPages[0].bingoCells[4]).toEqual({
        id: 4,
        title: 'Checked the trend',
        points: 3,
        selected: true,
      });
      expect((await getCard(user.token)).bingoPages[0].bingoCells[4].selected).toBe(true);
    });

    it.each([
      ['an index past the board', '/api/bingo/card/cell/25', { cell: { selected: true } }],
      ['negative points', '/api/bingo/card/cell/1', { cell: { points: -1 } }],
      ['nothing to change', '/api/bingo/card/cell/1', { cell: {} }],
      ['an unknown board', '/api/bingo/card/cell/1', { cell: { selected: true }, boardId: 'nope' }],
    ])('refuses %s with a 4xx and a message', async (_name, url, body) => {
      const user = await register(ctx.app);
      const res = await call(user.token, 'PATCH', url, body);
      expect([400, 404]).toContain(res.statusCode);
      expect(res.json().error.message).toEqual(expect.any(String));
      expect((await getCard(user.token)).version).toBe(1);
    });
  });

  describe('POST the boards', () => {
    it('saves with the current version and refuses a stale one with 409', async () => {
      const user = await register(ctx.app);
      const card = await getCard(user.token);
      card.bingoPages[0].bingoCells[0].points = 5;
      const saved = await call(user.token, 'POST', '/api/bingo/card', card);
      expect(saved.statusCode).toBe(200);
      expect(saved.json().data.version).toBe(2);
      const stale = await call(user.token, 'POST', '/api/bingo/card', card);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.code).toBe('STALE_VERSION');
    });

    it('keeps a free user to one board with its own name (403 PREMIUM_REQUIRED)', async () => {
      const user = await register(ctx.app);
      const card = await getCard(user.token);
      const second = { ...card.bingoPages[0], id: 'second', name: 'Board 2' };
      const more = await call(user.token, 'POST', '/api/bingo/card', {
        ...card,
        bingoPages: [card.bingoPages[0], second],
      });
      expect(more.statusCode).toBe(403);
      expect(more.json().error).toEqual({
        code: 'PREMIUM_REQUIRED',
        message: 'Upgrade to Premium to access multiple Bingo pages and custom page names',
      });
      const renamed = structuredClone(card);
      renamed.bingoPages[0].name = 'My setups';
      expect((await call(user.token, 'POST', '/api/bingo/card', renamed)).statusCode).toBe(403);
    });

    it('lets a premium user add and rename boards', async () => {
      const user = await register(ctx.app);
      await makePremium(user.id);
      const card = await getCard(user.token);
      const second = { ...card.bingoPages[0], id: 'second', name: 'Scalps' };
      const res = await call(user.token, 'POST', '/api/bingo/card', {
        ...card,
        bingoPages: [card.bingoPages[0], second],
        currentPageIndex: 1,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.bingoPages.map((b: { name: string }) => b.name)).toEqual([
        'Default Board',
        'Scalps',
      ]);
    });

    it('refuses a board without 25 cells', async () => {
      const user = await register(ctx.app);
      const card = await getCard(user.token);
      card.bingoPages[0].bingoCells.pop();
      const res = await call(user.token, 'POST', '/api/bingo/card', card);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('A board has exactly 25 cells');
    });
  });

  it("never shows or changes another user's boards", async () => {
    const alice = await register(ctx.app);
    const bob = await register(ctx.app);
    await call(alice.token, 'PATCH', '/api/bingo/card/cell/0', { cell: { selected: true } });
    const bobCard = await getCard(bob.token);
    expect(bobCard.bingoPages[0].bingoCells[0].selected).toBe(false);
    expect(bobCard.bingoPages[0].id).not.toBe((await getCard(alice.token)).bingoPages[0].id);
  });

  describe('export', () => {
    it('is premium only', async () => {
      const user = await register(ctx.app);
      const res = await call(user.token, 'GET', '/api/bingo/export.xlsx');
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('PREMIUM_REQUIRED');
    });

    it('gives premium users an Excel workbook', async () => {
      const user = await register(ctx.app);
      await makePremium(user.id);
      const res = await call(user.token, 'GET', '/api/bingo/export.xlsx');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    });
  });
});
