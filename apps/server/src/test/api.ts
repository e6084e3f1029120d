import type { FastifyInstance } from 'fastify';

let seq = 0;

/** A unique, valid account for one test. */
export function newUser(prefix = 'trader') {
  seq += 1;
  const id = `${prefix}${seq}${Math.random().toString(36).slice(2, 7)}`;
  return { username: id, email: `${id}@example.com`, password: 'correct-horse' };
}

/** Registers through the API and returns the session token and user. */
export async function register(app: FastifyInstance, user = newUser()) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: user,
    remoteAddress: someIp(),
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { token: string; user: { id: string; isAdmin: boolean } };
  return { ...user, token: body.token, id: body.user.id, isAdmin: body.user.isAdmin };
}

/** A different client address per call, so per-IP rate limits do not trip unrelated tests. */
export const someIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One authenticated call; the body is sent only when given. */
export const authed = (
  app: FastifyInstance,
  token: string,
  method: Method,
  url: string,
  payload?: unknown,
) =>
  app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload !== undefined && { payload: payload as object }),
  });
