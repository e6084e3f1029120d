import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mailColours, passwordNoticeMail, resetMail, verificationMail } from './auth.mails.js';

const LINK = 'http://app.test/verify-email/abc';

describe('mail templates', () => {
  it.each([
    ['verification', verificationMail('a@example.com', 'ada', LINK), 'Verify email'],
    ['reset', resetMail('a@example.com', 'ada', LINK), 'Reset password'],
    [
      'password notice',
      passwordNoticeMail('a@example.com', 'ada', 'changed', LINK),
      'Open Trading Bingo',
    ],
  ])("the %s mail's button is the app's amber with its dark text", (_name, mail, cta) => {
    const button = new RegExp(
      `<a href="${LINK}" style="[^"]*background:${mailColours.accent};color:${mailColours.onAccent}[^"]*">${cta}</a>`,
    );
    expect(mail.html).toMatch(button);
    // No colour from outside the app's palette (the old blue button).
    expect(mail.html).not.toMatch(/#2f81f7/i);
    const colours = new Set(mail.html.match(/#[0-9a-f]{6}\b/gi));
    expect([...colours].every((c) => Object.values(mailColours).includes(c as never))).toBe(true);
  });

  it('ends a security notice with why it came, not with "ignore this mail"', () => {
    const mail = passwordNoticeMail('a@example.com', 'ada', 'reset', LINK);
    expect(mail.text).not.toContain('ignore this mail');
    expect(mail.html).not.toContain('ignore this mail');
    expect(mail.text.trim().split('\n').at(-1)).toBe(
      'You get this mail whenever the password changes, to keep the account yours.',
    );
  });

  it('escapes what the user typed', () => {
    const mail = verificationMail('a@example.com', '<b>ada</b>', LINK);
    expect(mail.html).toContain('&#60;b&#62;ada&#60;/b&#62;');
    expect(mail.text).toContain('Hi <b>ada</b>,');
  });

  it("takes its colours from the web app's design tokens", () => {
    const tokens = readFileSync(
      new URL('../../../../web/src/styles/tokens.css', import.meta.url),
      'utf8',
    );
    const token = (name: string) =>
      new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6});`, 'i').exec(tokens)?.[1];
    expect({
      bg: token('bg'),
      surface: token('surface'),
      text: token('text'),
      muted: token('text-muted'),
      accent: token('accent'),
      onAccent: token('on-accent'),
    }).toEqual(mailColours);
  });
});
