import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { bearer, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

describeEachDatabase('widget layout', (ctx) => {
  it('gives the default layout until one is saved, then the saved one', async () => {
    const user = await register(ctx.app);
    const first = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/widget-layout',
      headers: bearer(user.token),
    });
    expect(first.statusCode).toBe(200);
    const layout = first.json().layout;
    expect(layout.map((w: { i: string }) => w.i)).toEqual(
      expect.arrayContaining(['bingo', 'trade-details']),
    );
    const moved = layout.map((w: { x: number; i: string }) =>
      w.i === 'bingo' ? { ...w, x: 3, y: 4 } : w,
    );
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/widget-layout',
      headers: bearer(user.token),
      payload: { layout: moved },
    });
    expect(put.statusCode).toBe(200);
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/widget-layout',
      headers: bearer(user.token),
    });
    expect(again.json().layout.find((w: { i: string }) => w.i === 'bingo')).toMatchObject({
      x: 3,
      y: 4,
    });
  });

  it('keeps the desktop and phone layouts apart, and reads an old plain list', async () => {
    const user = await register(ctx.app);
    const get = () =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/users/widget-layout',
        headers: bearer(user.token),
      });
    const first = (await get()).json();
    expect(first.layout).toEqual(first.layouts.desktop);
    expect(first.layouts.mobile.map((w: { i: string }) => w.i)).toEqual([
      'trade-idea',
      'bingo',
      'risk',
      'trade-details',
    ]);

    // Removing the board on the phone leaves the desktop layout as it was.
    const mobile = first.layouts.mobile.filter((w: { i: string }) => w.i !== 'bingo');
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/widget-layout',
      headers: bearer(user.token),
      payload: { layouts: { desktop: first.layouts.desktop, mobile } },
    });
    expect(put.statusCode).toBe(200);
    const saved = (await get()).json();
    expect(saved.layouts.mobile.map((w: { i: string }) => w.i)).not.toContain('bingo');
    expect(saved.layouts.desktop.map((w: { i: string }) => w.i)).toContain('bingo');

    // An older client sends { layout }: the desktop one changes, the phone one is kept.
    const desktop = first.layout.filter((w: { i: string }) => w.i !== 'risk');
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/widget-layout',
      headers: bearer(user.token),
      payload: { layout: desktop },
    });
    const after = (await get()).json();
    expect(after.layout.map((w: { i: string }) => w.i)).not.toContain('risk');
    expect(after.layouts.mobile.map((w: { i: string }) => w.i)).toEqual([
      'trade-idea',
      'risk',
      'trade-details',
    ]);
  });

  it('reads a layout saved as a plain list before layouts per breakpoint', async () => {
    const user = await register(ctx.app);
    const old = [{ i: 'bingo', x: 2, y: 0, w: 5, h: 9, widgetType: 'bingo' }];
    await ctx.database.db.update(users).set({ widgetLayout: old }).where(eq(users.id, user.id));
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/widget-layout',
      headers: bearer(user.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().layout).toEqual(old);
    expect(res.json().layouts.mobile).toEqual([{ ...old[0], x: 0, w: 4 }]);
  });

  it('saves only the breakpoint sent: a phone never writes back the desktop it read earlier', async () => {
    const user = await register(ctx.app);
    const put = (payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/users/widget-layout',
        headers: bearer(user.token),
        payload,
      });
    // An account from before breakpoints: a plain list.
    const old = [{ i: 'bingo', x: 2, y: 0, w: 5, h: 9, widgetType: 'bingo' }];
    await ctx.database.db.update(users).set({ widgetLayout: old }).where(eq(users.id, user.id));
    // The desktop moves the board; then the phone saves its own layout only.
    const moved = [{ ...old[0]!, x: 0 }];
    expect((await put({ layouts: { desktop: moved } })).statusCode).toBe(200);
    const phone = [{ ...old[0]!, x: 0, w: 4 }];
    const res = await put({ layouts: { mobile: phone } });
    expect(res.statusCode).toBe(200);
    expect(res.json().layouts).toEqual({ desktop: moved, mobile: phone });
    const [row] = await ctx.database.db
      .select({ widgetLayout: users.widgetLayout })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row!.widgetLayout).toEqual({ desktop: moved, mobile: phone });
    // Nothing to save is refused, not stored.
    const empty = await put({ layouts: {} });
    expect(empty.statusCode).toBe(400);
  });

  it('refuses a layout that is not a list of widgets', async () => {
    const user = await register(ctx.app);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/widget-layout',
      headers: bearer(user.token),
      payload: { layout: [{ i: 'bingo', x: 'left' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toEqual(expect.any(String));
  });
});
