import { expect, type APIRequestContext } from '@playwright/test';
import { ensureAdmin } from './users';

let adminToken: string | undefined;

/**
 * Pins the paper exchange's mark of `coin` (null frees it; PAPER_CONTROL=true in
 * playwright.config.ts). The control route asks for an admin's session and a JSON body
 * (issue 29), so this signs in as the installation's admin once per worker.
 */
export async function pinMark(request: APIRequestContext, coin: string, px: number | null) {
  if (!adminToken) {
    const admin = await ensureAdmin(request);
    const login = await request.post('/api/users/login', {
      data: { username: admin.username, password: admin.password },
    });
    expect(login.status(), await login.text()).toBe(200);
    adminToken = ((await login.json()) as { token: string }).token;
  }
  const res = await request.post('/paper/control/mark', {
    data: { coin, px },
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(res.status(), await res.text()).toBe(200);
}
