import { expect, it } from 'vitest';
import { onRevocation, type Revocation } from '../../lib/session-cache.js';
import { bearer, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

/**
 * Issue 29 (finding 8): with several instances, a token still worked on another instance for a
 * few milliseconds after its logout had been answered, because the revocation was published
 * after the answer. The answer now waits until every publisher (Redis, with REDIS_URL) took it.
 */
describeEachDatabase('a logout', (ctx) => {
  it('is answered only once the revocation has been handed to the other instances', async () => {
    const user = await register(ctx.app);
    const published: Revocation[] = [];
    let letGo = (): void => undefined;
    const stop = onRevocation(async (revocation) => {
      published.push(revocation);
      await new Promise<void>((resolve) => (letGo = resolve));
    });
    try {
      let answered = false;
      const logout = ctx.app
        .inject({ method: 'POST', url: '/api/users/logout', headers: bearer(user.token) })
        .then((res) => {
          answered = true;
          return res;
        });
      while (published.length === 0) await new Promise((resolve) => setImmediate(resolve));
      // Published, not yet taken: no answer.
      for (let turn = 0; turn < 20; turn++) await new Promise((r) => setImmediate(r));
      expect(answered).toBe(false);
      letGo();
      expect((await logout).statusCode).toBeLessThan(300);
      expect(published).toHaveLength(1);
    } finally {
      stop();
    }
  });
});
