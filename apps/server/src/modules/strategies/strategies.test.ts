import { eq } from 'drizzle-orm';
import { strategies } from '../../db/schema/index.js';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEntriesFor, authed, login, roles } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

/** Issue 31: the monthly strategy — the admin's drafts and publishing, premium reads. */

const NOW = '2026-07-10T12:00:00Z';
const board = (points = 2) =>
  Array.from({ length: 25 }, (_, i) => ({ title: `Cell ${i + 1}`, points: i === 0 ? points : 1 }));
const draft = (title = 'July: trend days') => ({
  title,
  body: '## Plan\n\n- Trade **with** the daily trend',
  board: board(),
});

type Strategy = {
  id: string;
  month: string | null;
  title: string;
  body: string;
  board: { title: string; points: number }[];
  state: string;
  publishedAt: string | null;
  authorName: string | null;
};

describeEachDatabase('monthly strategy', (ctx) => {
  let admin: { token: string; id: string; username: string };
  let premium: { token: string; username: string; password: string };
  let free: { token: string };

  beforeAll(async () => {
    ctx.clock.set(NOW);
    ({ admin, premium, user: free } = await roles(ctx.app, ctx.database));
  });
  beforeEach(() => ctx.clock.set(NOW));

  const create = async (body: object = draft()) => {
    const res = await authed(ctx.app, admin.token, 'POST', '/api/admin/strategies', body);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { strategy: Strategy }).strategy;
  };
  const publish = (id: string, month: string) =>
    authed(ctx.app, admin.token, 'POST', `/api/admin/strategies/${id}/publish`, { month });
  const rowCount = async () => (await ctx.database.db.select().from(strategies)).length;

  it('creates a draft, edits it, publishes it for a month, each audited', async () => {
    const created = await create();
    expect(created).toMatchObject({
      title: 'July: trend days',
      state: 'draft',
      month: null,
      publishedAt: null,
      authorName: admin.username,
    });
    expect(created.board).toHaveLength(25);
    expect(created.board[0]).toEqual({ title: 'Cell 1', points: 2 });

    const edited = await authed(
      ctx.app,
      admin.token,
      'PUT',
      `/api/admin/strategies/${created.id}`,
      {
        title: 'July: trend days only',
        board: board(5),
      },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().strategy).toMatchObject({
      title: 'July: trend days only',
      state: 'draft',
    });
    expect(edited.json().strategy.board[0].points).toBe(5);

    const published = await publish(created.id, '2026-07');
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().strategy).toMatchObject({
      state: 'published',
      month: '2026-07',
      publishedAt: new Date(NOW).toISOString(),
    });

    // A published strategy can still be edited (a typo), and is not deleted.
    const fixed = await authed(ctx.app, admin.token, 'PUT', `/api/admin/strategies/${created.id}`, {
      body: 'Fixed text',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().strategy).toMatchObject({ body: 'Fixed text', state: 'published' });
    const del = await authed(ctx.app, admin.token, 'DELETE', `/api/admin/strategies/${created.id}`);
    expect(del.statusCode).toBe(400);
    expect(del.json().error.message).toBe('A published strategy cannot be deleted');

    const audit = await auditEntriesFor(ctx.database, created.id);
    expect(audit.map((e) => e.action)).toEqual([
      'strategy.create',
      'strategy.update',
      'strategy.publish',
      'strategy.update',
    ]);
    expect(audit[2]!.details).toMatchObject({ month: '2026-07' });
    expect(audit.every((e) => e.actorId === admin.id)).toBe(true);

    // A second strategy for the same month is refused; its own month is fine.
    const second = await create(draft('Another July'));
    const refused = await publish(second.id, '2026-07');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe('A strategy is already published for this month');
    expect((await auditEntriesFor(ctx.database, second.id)).map((e) => e.action)).toEqual([
      'strategy.create',
    ]);
    expect((await publish(second.id, '2026-06')).statusCode).toBe(200);

    // A draft is listed newest first and can be deleted.
    ctx.clock.set('2026-07-11T00:00:00Z');
    const third = await create(draft('August draft'));
    const list = await authed(ctx.app, admin.token, 'GET', '/api/admin/strategies');
    expect(list.statusCode).toBe(200);
    const titles = (list.json().strategies as Strategy[]).map((s) => s.title);
    expect(titles[0]).toBe('August draft');
    expect(titles).toContain('July: trend days only');
    const gone = await authed(ctx.app, admin.token, 'DELETE', `/api/admin/strategies/${third.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await auditEntriesFor(ctx.database, third.id)).map((e) => e.action)).toEqual([
      'strategy.create',
      'strategy.delete',
    ]);
  });

  it("shows premium traders this month's strategy, else the latest, and the archive", async () => {
    const current = await authed(ctx.app, premium.token, 'GET', '/api/strategies/current');
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json().strategy).toMatchObject({
      month: '2026-07',
      title: 'July: trend days only',
    });

    // In August nothing is published for the month: the latest published (July) shows.
    ctx.clock.set('2026-08-01T00:00:00Z');
    const token = await login(ctx.app, premium);
    const later = await authed(ctx.app, token, 'GET', '/api/strategies/current');
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().strategy.month).toBe('2026-07');

    const archive = await authed(ctx.app, token, 'GET', '/api/strategies');
    expect(archive.statusCode, archive.body).toBe(200);
    const months = (archive.json().strategies as Strategy[]).map((s) => s.month);
    expect(months).toEqual(['2026-07', '2026-06']);
    expect((archive.json().strategies as Strategy[]).every((s) => s.state === 'published')).toBe(
      true,
    );
    const one = await authed(ctx.app, token, 'GET', '/api/strategies?limit=1');
    expect((one.json().strategies as Strategy[]).map((s) => s.month)).toEqual(['2026-07']);
    const bad = await authed(ctx.app, token, 'GET', '/api/strategies?limit=0');
    expect(bad.statusCode).toBe(400);
  });

  it('opens one published strategy by its id; a draft or an unknown id is 404', async () => {
    const published = (await authed(ctx.app, premium.token, 'GET', '/api/strategies')).json()
      .strategies as Strategy[];
    const first = published[0]!;
    const res = await authed(ctx.app, premium.token, 'GET', `/api/strategies/${first.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().strategy).toEqual(first);

    const hidden = await create(draft('Not yet'));
    for (const id of [hidden.id, '00000000-0000-4000-8000-000000000000']) {
      const missing = await authed(ctx.app, premium.token, 'GET', `/api/strategies/${id}`);
      expect(missing.statusCode, id).toBe(404);
      expect(missing.json().error.message).toBe('This strategy does not exist');
    }
    const denied = await authed(ctx.app, free.token, 'GET', `/api/strategies/${first.id}`);
    expect(denied.statusCode).toBe(403);
    await authed(ctx.app, admin.token, 'DELETE', `/api/admin/strategies/${hidden.id}`);
  });

  it('refuses free traders (403 PREMIUM_REQUIRED) and the signed out (401)', async () => {
    for (const url of ['/api/strategies/current', '/api/strategies']) {
      const res = await authed(ctx.app, free.token, 'GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toMatchObject({
        code: 'PREMIUM_REQUIRED',
        message: 'This feature is only available to premium users',
      });
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('refuses the admin routes to non-admins (403), changing nothing', async () => {
    const [target] = await ctx.database.db.select().from(strategies);
    const before = await rowCount();
    const calls: [string, string, object?][] = [
      ['GET', '/api/admin/strategies'],
      ['POST', '/api/admin/strategies', draft('Sneaky')],
      ['PUT', `/api/admin/strategies/${target!.id}`, { title: 'Hacked' }],
      ['POST', `/api/admin/strategies/${target!.id}/publish`, { month: '2031-01' }],
      ['DELETE', `/api/admin/strategies/${target!.id}`],
    ];
    for (const token of [premium.token, free.token]) {
      for (const [method, url, body] of calls) {
        const res = await authed(ctx.app, token, method as 'GET', url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    expect(await rowCount()).toBe(before);
    const [after] = await ctx.database.db
      .select()
      .from(strategies)
      .where(eq(strategies.id, target!.id));
    expect(after).toEqual(target);
  });

  describe('bad input is a 400 with a message, never a 500', () => {
    const post = (body: unknown) =>
      authed(ctx.app, admin.token, 'POST', '/api/admin/strategies', body);
    const messageOf = (res: { json(): unknown }) =>
      JSON.stringify((res.json() as { error: unknown }).error);

    it.each([
      ['24 cells', { ...draft(), board: board().slice(0, 24) }, 'exactly 25 cells'],
      [
        '26 cells',
        { ...draft(), board: [...board(), { title: 'x', points: 1 }] },
        'exactly 25 cells',
      ],
      [
        'negative points',
        { ...draft(), board: board(-1) },
        'Points must be a number from 0 to 100',
      ],
      [
        'too many points',
        { ...draft(), board: board(101) },
        'Points must be a number from 0 to 100',
      ],
      ['no title', { ...draft(), title: '  ' }, 'Title is required'],
      ['no board', { title: 'x', body: '' }, 'Board is required'],
      ['a NUL byte', { ...draft(), body: 'a\u0000b' }, 'contains characters that are not allowed'],
      ['a long text', { ...draft(), body: 'x'.repeat(20_001) }, 'at most 20000 characters'],
    ])('%s', async (_name, body, message) => {
      const before = await rowCount();
      const res = await post(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(messageOf(res)).toContain(message);
      expect(await rowCount()).toBe(before);
    });

    it.each(['2026-13', '2026-7', '26-07', 'July', ''])('month %j', async (month) => {
      const created = await create(draft('Month check'));
      const res = await publish(created.id, month);
      expect(res.statusCode, res.body).toBe(400);
      expect(messageOf(res)).toContain('Month must be a month as YYYY-MM');
    });

    it('an unknown or malformed id is a 404 or 400, and an empty edit a 400', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      const put = await authed(ctx.app, admin.token, 'PUT', `/api/admin/strategies/${unknown}`, {
        title: 'x',
      });
      expect(put.statusCode).toBe(404);
      expect((await publish(unknown, '2027-01')).statusCode).toBe(404);
      const malformed = await authed(ctx.app, admin.token, 'PUT', '/api/admin/strategies/nope', {
        title: 'x',
      });
      expect(malformed.statusCode).toBe(400);
      const created = await create(draft('Empty edit'));
      const empty = await authed(
        ctx.app,
        admin.token,
        'PUT',
        `/api/admin/strategies/${created.id}`,
        {},
      );
      expect(empty.statusCode).toBe(400);
      expect(messageOf(empty)).toContain('Nothing to change');
    });
  });
});

describeEachDatabase('monthly strategy, none published', (ctx) => {
  it('answers 404 with a clear message', async () => {
    const { premium } = await roles(ctx.app, ctx.database);
    const res = await authed(ctx.app, premium.token, 'GET', '/api/strategies/current');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('No strategy has been published yet');
  });
});
