import { expect, it } from 'vitest';
import { register } from '../test/api.js';
import { describeEachDatabase } from '../test/helper.js';

describeEachDatabase('the Authorization header', (ctx) => {
  it('accepts the bearer scheme in any case (RFC 7235: the scheme is case-insensitive)', async () => {
    const { token, username } = await register(ctx.app);
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `${scheme} ${token}` },
      });
      expect(res.statusCode, scheme).toBe(200);
      expect(res.json().username).toBe(username);
    }
  });

  it('refuses another scheme, a missing token and a token without a scheme', async () => {
    const { token } = await register(ctx.app);
    for (const authorization of [`Basic ${token}`, 'Bearer ', 'Bearer', token, `Bearer${token}`]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization },
      });
      expect(res.statusCode, authorization).toBe(401);
    }
  });
});
