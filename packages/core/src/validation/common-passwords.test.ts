import { describe, expect, it } from 'vitest';
import { NewPasswordSchema } from '../schemas/auth.js';
import { commonPasswordProblem, isOneCharacterRepeated } from './common-passwords.js';
import { authMessages as m } from './messages.js';

const firstIssue = (password: string) =>
  NewPasswordSchema.safeParse(password).error?.issues[0]?.message;

describe('new passwords (issue 29, finding 5)', () => {
  it.each([
    ['12345', m.passwordTooShort],
    ['123456', m.passwordUnder8],
    ['aaaaaa', m.passwordUnder8],
    ['secret1', m.passwordUnder8],
    ['aaaaaaaa', m.passwordOneCharacter],
    ['11111111111', m.passwordOneCharacter],
  ])('%s is refused by the schema: %s', (password, message) => {
    expect(firstIssue(password)).toBe(message);
  });

  it('keeps SPEC.md’s 6-character message for the shortest ones', () => {
    expect(m.passwordTooShort).toBe('Password must be at least 6 characters long');
  });

  it.each(['password', 'PASSWORD', 'password1', '12345678', 'qwertyuiop', 'iloveyou1', 'Trustno1'])(
    '%s passes the schema but is refused as common',
    async (password) => {
      expect(NewPasswordSchema.safeParse(password).success).toBe(true);
      expect(await commonPasswordProblem(password)).toBe(m.passwordCommon);
    },
  );

  it('refuses the account’s own username, email, or the email’s name part', async () => {
    const account = { username: 'MoonTrader', email: 'ann.lee@example.com' };
    expect(await commonPasswordProblem('moontrader', account)).toBe(m.passwordIsName);
    expect(await commonPasswordProblem('ANN.LEE@example.com', account)).toBe(m.passwordIsName);
    expect(await commonPasswordProblem('ann.lee', account)).toBe(m.passwordIsName);
  });

  it.each(['correct-horse', 'brand-new-pass', 'Pa55word-never-logged-7f3a'])(
    'accepts %s',
    async (password) => {
      expect(NewPasswordSchema.safeParse(password).success).toBe(true);
      expect(await commonPasswordProblem(password, { username: 'ann' })).toBeUndefined();
    },
  );

  it('counts characters, not UTF-16 units, for repeats', () => {
    expect(isOneCharacterRepeated('🚀🚀🚀🚀')).toBe(true);
    expect(isOneCharacterRepeated('🚀🌙🚀🌙')).toBe(false);
    expect(isOneCharacterRepeated('a')).toBe(false);
  });
});
