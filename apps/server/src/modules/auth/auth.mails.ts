import type { Mail } from '../../lib/mailer.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(to: string, subject: string, lines: string[], link: string, cta: string): Mail {
  const text = [...lines, '', link, '', 'If you did not ask for this, ignore this mail.'].join(
    '\n',
  );
  const html = `<p>${lines.map(escape).join('</p><p>')}</p>
<p><a href="${escape(link)}" style="background:#2f81f7;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escape(cta)}</a></p>
<p style="color:#666">Or open: ${escape(link)}</p><p style="color:#666">If you did not ask for this, ignore this mail.</p>`;
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
