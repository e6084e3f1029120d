import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** A route under fuzz; `{x}` in the URL is replaced by a generated path or query value. */
export interface FuzzRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
}

/** Values no numeric field accepts: negative, text, null, out of range, plus `extra`. */
export function numberish(extra: number) {
  return fc.oneof(
    fc.double({ max: -1e-6, noNaN: true }),
    fc.string(),
    fc.constant(null),
    fc.constant(extra),
    fc.constant(1e308),
  );
}

/**
 * Text with what PostgreSQL refuses (NUL bytes, lone surrogates) and any other code point, or
 * ordinary text; fuzz-strings.test.ts puts such text in every slot of every route.
 */
export function nastyText(maxLength = 60) {
  return fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc.constantFrom('\u0000', 'ok\u0000', 'a\uD800', '\uDC00b', '\uFEFF\u202E'),
  );
}

/** Sends one generated request; GET and DELETE carry no body. */
export async function sendFuzzed(
  app: FastifyInstance,
  headers: Record<string, string>,
  route: FuzzRoute,
  body: unknown,
  param: string,
): Promise<{ res: LightMyRequestResponse; what: string }> {
  const url = route.url.replaceAll('{x}', encodeURIComponent(param) || 'x');
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const res = await app.inject({
    method: route.method,
    url,
    headers: { ...headers, ...(hasBody && { 'content-type': 'application/json' }) },
    ...(hasBody && { payload: JSON.stringify(body ?? null) }),
  });
  return { res, what: `${route.method} ${url} ${JSON.stringify(body)} → ${res.body}` };
}

/** A refusal a person can read: a 4xx with a message, never a 5xx. */
export function expectClearRefusal(res: LightMyRequestResponse, what: string): void {
  expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, what).toBeLessThan(500);
  expect(res.json().error.message, what).toEqual(expect.any(String));
}
