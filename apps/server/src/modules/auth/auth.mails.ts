import type { Mail } from '../../lib/mailer.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The app's colours (apps/web/src/styles/tokens.css): navy surfaces, the bingo-gold accent and
 * its dark text, so a mail looks like the product it comes from.
 */
export const mailColours = {
  bg: '#0a1020',
  surface: '#121c33',
  text: '#e8eef9',
  muted: '#a3b1c9',
  accent: '#f5b83d',
  onAccent: '#1a1204',
} as const;

const IGNORE_IT = 'If you did not ask for this, ignore this mail.';

/** A mail in the app's look: lines, one button, and why it came. */
export function layout(
  to: string,
  subject: string,
  lines: string[],
  link: string,
  cta: string,
  footer = IGNORE_IT,
): Mail {
  const c = mailColours;
  const text = [...lines, '', link, '', footer].join('\n');
  const paragraphs = lines.map((line) => `<p style="margin:0 0 12px">${escape(line)}</p>`).join('');
  const html = `<div style="background:${c.bg};padding:24px;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:${c.text}">
<div style="max-width:520px;margin:0 auto;background:${c.surface};border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-size:18px;font-weight:800;color:${c.accent}">Trading Bingo</p>
${paragraphs}
<p style="margin:20px 0"><a href="${escape(link)}" style="display:inline-block;background:${c.accent};color:${c.onAccent};font-weight:700;padding:12px 20px;border-radius:8px;text-decoration:none">${escape(cta)}</a></p>
<p style="margin:0 0 8px;color:${c.muted};font-size:13px">Or open: <a href="${escape(link)}" style="color:${c.accent}">${escape(link)}</a></p>
<p style="margin:0;color:${c.muted};font-size:13px">${escape(footer)}</p>
</div></div>`;
  return { to, subject, text, html, links: [link] };
}

/** The mail that confirms an address (link valid 24 hours). */
export const verificationMail = (to: string, username: string, link: string) =>
  layout(
    to,
    'Verify your email for Trading Bingo',
    [
      `Hi ${username},`,
      'Confirm your email address to finish setting up Trading Bingo. The link works for 24 hours.',
    ],
    link,
    'Verify email',
  );

/** The mail with a password reset link (valid 1 hour). */
export const resetMail = (to: string, username: string, link: string) =>
  layout(
    to,
    'Reset your Trading Bingo password',
    [
      `Hi ${username},`,
      'Someone asked to reset the password of your Trading Bingo account. The link works for 1 hour.',
    ],
    link,
    'Reset password',
  );

/**
 * The notice that the account's password was changed (signed in) or reset (from a mailed
 * link), with how to take the account back (issue 29). It never holds the password.
 */
export const passwordNoticeMail = (
  to: string,
  username: string,
  how: 'changed' | 'reset',
  appUrl: string,
) =>
  layout(
    to,
    `Your Trading Bingo password was ${how}`,
    [
      `Hi ${username},`,
      how === 'changed'
        ? 'The password of your Trading Bingo account was just changed, and every other device was signed out.'
        : 'The password of your Trading Bingo account was just reset from a mailed link, and every device was signed out.',
      'If this was not you, open Trading Bingo, choose Log in, then "Forgot password?" to set a new password from this address: that signs out every device, including whoever changed it.',
    ],
    appUrl,
    'Open Trading Bingo',
    'You get this mail whenever the password changes, to keep the account yours.',
  );

/**
 * The step-up code (issue 29): strangers failed to sign in to the account so often that a
 * sign-in from a device it does not know needs this code too. The code is the mail's point,
 * so it stands on a line of its own; the button opens the app.
 */
export const stepUpMail = (to: string, username: string, code: string, appUrl: string) =>
  layout(
    to,
    `${code} is your Trading Bingo sign-in code`,
    [
      `Hi ${username},`,
      'There were many failed sign-ins to your Trading Bingo account, so signing in from a device it does not know needs a code as well as the password. Your code, valid for 15 minutes:',
      code,
      'If you are not signing in now, someone else tried: your password held, since they would need this code too. Do not share it. To be safe, set a longer password under Profile, or use "Forgot password?" to choose a new one.',
    ],
    appUrl,
    'Open Trading Bingo',
    'You get this mail because someone tried to sign in to your account.',
  );

/** `ann.lee@example.com` → `a******@example.com`: enough to recognise, not to read off. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email;
  return `${email[0]}${'*'.repeat(Math.max(at - 1, 3))}${email.slice(at)}`;
}

/**
 * To the old address when an administrator changed the account's email (issue 29): what
 * happened, where mail goes now (masked), and how to get the account back.
 */
export const emailChangedOldMail = (
  to: string,
  username: string,
  newEmail: string,
  appUrl: string,
) =>
  layout(
    to,
    'Your Trading Bingo email address was changed',
    [
      `Hi ${username},`,
      `An administrator changed the email address of your Trading Bingo account to ${maskEmail(newEmail)}. Mails about the account, password resets included, now go there.`,
      'If you did not ask for this, sign in with your username and password and write to us with Contact Us, or reply to this mail: we will put your address back and check the account.',
    ],
    appUrl,
    'Open Trading Bingo',
    'You get this mail at the old address so that a change you did not make does not go unnoticed.',
  );

/**
 * To the new address after an administrator's change: the account it now belongs to, and the
 * link that verifies it (24 hours).
 */
export const emailChangedNewMail = (to: string, username: string, link: string) =>
  layout(
    to,
    'Verify your new email for Trading Bingo',
    [
      `Hi ${username},`,
      'An administrator made this the email address of your Trading Bingo account. Confirm it with the link below; it works for 24 hours.',
      'If this is not your account, ignore this mail: the address stays unverified.',
    ],
    link,
    'Verify email',
    'You get this mail because this address was given to a Trading Bingo account.',
  );
