import { describe, expect, it } from 'vitest';
import { UserSessionParamsSchema } from './users.js';

describe('UserSessionParamsSchema', () => {
  it('takes a session id (a uuid), trimmed', () => {
    const id = '0b5e3c9e-1f2a-4c3d-9e8f-0123456789ab';
    expect(UserSessionParamsSchema.parse({ id: ` ${id} ` })).toEqual({ id });
  });

  it.each([
    ['not a uuid', 'abc', 'Session id is not valid'],
    [
      'a uuid with a bad character',
      '0b5e3c9e-1f2a-4c3d-9e8f-0123456789ag',
      'Session id is not valid',
    ],
    ['empty', '', 'Session id is not valid'],
    ['a NUL byte', '\u0000', 'Session id contains characters that are not allowed.'],
  ])('refuses %s with a message', (_, id, message) => {
    const result = UserSessionParamsSchema.safeParse({ id });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
