import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { bingoStates, users } from '../../db/schema/index.js';
import { type Method, authed, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

interface Cell {
  id: number;
  title: string;
  points: number;
  selected: boolean;
}
interface Card {
  version: number;
  currentPageIndex: number;
  bingoPages: Array<{ id: string; name: string; bingoCells: Cell[] }>;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const editOf = (i: number) => ({ title: `Rule ${i}`, points: i % 4, selected: i % 2 === 0 });

describeEachDatabase('PATCH of one cell is one atomic update', (ctx) => {
  const call = (token: string, method: Method, url: string, payload?: unknown) =>
    authed(ctx.app, token, method, url, payload);
  const getCard = async (token: string): Promise<Card> =>
    (await call(token, 'GET', '/api/bingo/card')).json().data;
  const patch = (token: string, index: number, cell: object, boardId?: string) =>
    call(token, 'PATCH', `/api/bingo/card/cell/${index}`, { cell, ...(boardId && { boardId }) });

  it('25 concurrent PATCHes on different cells all succeed and all land (docs/API.md)', async () => {
    const user = await register(ctx.app);
    const before = await getCard(user.token);
    const answers = await Promise.all(range(25).map((i) => patch(user.token, i, editOf(i))));
    expect(answers.map((a) => a.statusCode)).toEqual(range(25).map(() => 200));
    const versions = answers.map((a) => (a.json().data as Card).version).sort((a, b) => a - b);
    expect(versions).toEqual(range(25).map((i) => before.version + 1 + i));
    const after = await getCard(user.token);
    expect(after.version).toBe(before.version + 25);
    expect(after.bingoPages[0]!.bingoCells).toEqual(range(25).map((id) => ({ id, ...editOf(id) })));
  });

  it('concurrent edits of one cell merge field by field', async () => {
    const user = await register(ctx.app);
    const before = await getCard(user.token);
    const answers = await Promise.all([
      patch(user.token, 7, { title: 'Waited for the close' }),
      patch(user.token, 7, { points: 5 }),
      patch(user.token, 7, { selected: true }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const after = await getCard(user.token);
    expect(after.bingoPages[0]!.bingoCells[7]).toEqual({
      id: 7,
      title: 'Waited for the close',
      points: 5,
      selected: true,
    });
    expect(after.version).toBe(before.version + 3);
  });

  it('edits a named board that is not on screen, beside edits of the current one', async () => {
    const user = await register(ctx.app);
    await ctx.database.db.update(users).set({ isPaidUser: true }).where(eq(users.id, user.id));
    const card = await getCard(user.token);
    const second = { ...card.bingoPages[0]!, id: 'second', name: 'Scalps' };
    const saved = await call(user.token, 'POST', '/api/bingo/card', {
      ...card,
      bingoPages: [card.bingoPages[0], second],
    });
    expect(saved.statusCode).toBe(200);
    const answers = await Promise.all([
      ...range(5).map((i) => patch(user.token, i, { selected: true }, 'second')),
      ...range(5).map((i) => patch(user.token, i, { points: 9 })),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(range(10).map(() => 200));
    const after = await getCard(user.token);
    const [first, other] = after.bingoPages;
    expect(other!.bingoCells.slice(0, 5).every((c) => c.selected)).toBe(true);
    expect(other!.bingoCells.slice(0, 5).map((c) => c.points)).toEqual(
      card.bingoPages[0]!.bingoCells.slice(0, 5).map((c) => c.points),
    );
    expect(first!.bingoCells.slice(0, 5).map((c) => c.points)).toEqual([9, 9, 9, 9, 9]);
    expect(first!.bingoCells.slice(0, 5).some((c) => c.selected)).toBe(false);
    expect(after.version).toBe(saved.json().data.version + 10);
  });

  it('answers the new state, with its time as lastModified', async () => {
    const user = await register(ctx.app);
    ctx.clock.set('2025-03-04T05:06:07.000Z');
    const res = await patch(user.token, 0, { title: '  Trimmed  ' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Card & { lastModified: string };
    expect(data.bingoPages[0]!.bingoCells[0]!.title).toBe('Trimmed');
    expect(data.lastModified).toBe('2025-03-04T05:06:07.000Z');
    expect(await getCard(user.token)).toEqual(data);
  });

  it('creates the default boards for a user who never read them, then edits', async () => {
    const user = await register(ctx.app);
    const res = await patch(user.token, 24, { selected: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.version).toBe(2);
    expect((await getCard(user.token)).bingoPages[0]!.bingoCells[24]!.selected).toBe(true);
  });

  it('refuses an unknown board of a user who never read their boards, storing none', async () => {
    const user = await register(ctx.app);
    const res = await patch(user.token, 1, { selected: true }, 'no-such-board');
    expect(res.statusCode).toBe(404);
    const rows = await ctx.database.db
      .select()
      .from(bingoStates)
      .where(eq(bingoStates.userId, user.id));
    expect(rows).toEqual([]);
  });

  it('refuses an unknown board with 404 and writes nothing', async () => {
    const user = await register(ctx.app);
    const before = await getCard(user.token);
    const res = await patch(user.token, 1, { selected: true }, 'no-such-board');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'NOT_FOUND', field: 'boardId' });
    const [row] = await ctx.database.db
      .select()
      .from(bingoStates)
      .where(eq(bingoStates.userId, user.id));
    expect(row!.version).toBe(before.version);
    expect(await getCard(user.token)).toEqual(before);
  });

  // Found by fuzz-dashboard (seed 994956413): '%20' was read as cell 0 and its title blanked.
  it.each(['%20', '%20%20', '0x0', '1e1'])(
    'refuses the cell index %s with 400, changing nothing',
    async (index) => {
      const user = await register(ctx.app);
      const before = await getCard(user.token);
      const res = await call(user.token, 'PATCH', `/api/bingo/card/cell/${index}`, {
        cell: { title: '' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        field: 'index',
        message: 'A board has cells 0 to 24',
      });
      expect(await getCard(user.token)).toEqual(before);
    },
  );
});
