import { expect, it } from 'vitest';
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
