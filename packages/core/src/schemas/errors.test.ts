import { describe, expect, it } from 'vitest';
import { ApiErrorBodySchema, ErrorCodeSchema } from './errors.js';

describe('error body', () => {
  it('carries code, message and an optional field', () => {
    const body = { error: { code: 'SESSION_ENDED', message: 'Take a break', field: 'status' } };
    expect(ApiErrorBodySchema.parse(body)).toEqual(body);
  });

  it.each([
    'SESSION_ENDED',
    'PREMIUM_REQUIRED',
    'STALE_VERSION',
    'CONFLICT',
    'NOT_FOUND',
    'VALIDATION_ERROR',
  ])('knows the code %s returned by core rules', (code) => {
    expect(ErrorCodeSchema.safeParse(code).success).toBe(true);
  });
});
