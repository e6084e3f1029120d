import { describe, expect, it } from 'vitest';
import {
  CheckEmailRequestSchema,
  CheckEmailResponseSchema,
  EmailOnlyRequestSchema,
  LoginRequestSchema,
  MessageResponseSchema,
  RegisterFormSchema,
  RegisterRequestSchema,
  ResetPasswordFormSchema,
  ResetPasswordRequestSchema,
  TokenParamsSchema,
} from './auth.js';

describe('auth schemas', () => {
  it.each([
    ['login without password', LoginRequestSchema, { username: 'ann' }, 'Password is required'],
    [
      'register with a short password',
      RegisterFormSchema,
      { username: 'ann', email: 'a@b.co', password: '12345', confirmPassword: '12345' },
      'Password must be at least 6 characters long',
    ],
    [
      'register with a bad email',
      RegisterFormSchema,
      { username: 'ann', email: 'a@b', password: 'a-long-one', confirmPassword: 'a-long-one' },
      'Please enter a valid email address',
    ],
    [
      'reset with a mismatch',
      ResetPasswordFormSchema,
      { password: 'a-long-one', confirmPassword: 'another-one' },
      'Passwords do not match',
    ],
  ])('%s', (_scenario, schema, input, message) => {
    expect(schema.safeParse(input).error?.issues[0]?.message).toBe(message);
  });
});

describe('auth payloads', () => {
  it.each([
    [
      'register',
      RegisterRequestSchema,
      { username: 'ann', email: 'A@B.co', password: 'a-long-one' },
      true,
    ],
    ['check email', CheckEmailRequestSchema, { email: 'a@b.co' }, true],
    ['check email answer', CheckEmailResponseSchema, { exists: true }, true],
    ['resend verification', EmailOnlyRequestSchema, { email: 'nope' }, false],
    ['token params', TokenParamsSchema, { token: 'short' }, false],
    ['reset password', ResetPasswordRequestSchema, { password: 'a-long-one' }, true],
    ['message answer', MessageResponseSchema, { message: 'ok' }, true],
  ])('%s', (_scenario, schema, input, ok) => {
    expect(schema.safeParse(input).success).toBe(ok);
  });
});
