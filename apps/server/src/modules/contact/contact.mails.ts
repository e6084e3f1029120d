import type { Mail } from '../../lib/mailer.js';
import { mailColours } from '../auth/auth.mails.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** One line of a header: a name with line breaks or controls must not start a new header. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what goes.
const oneLine = (s: string) => s.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ');

/** What an admin is mailed about one Contact Us message; a reply goes to the sender. */
export function contactMail(
  to: string,
  message: { name: string; email: string; message: string; username: string | null },
  adminLink: string,
): Mail {
  const c = mailColours;
  const from = `${oneLine(message.name)} <${message.email}>${message.username ? ` (signed in as ${message.username})` : ''}`;
  const subject = `Contact Us: message from ${oneLine(message.name)}`.slice(0, 150);
  const text = [
    `From: ${from}`,
    '',
    message.message,
    '',
    `Reply to this mail to answer the sender. Every message: ${adminLink}`,
  ].join('\n');
  const html = `<div style="background:${c.bg};padding:24px;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:${c.text}">
<div style="max-width:560px;margin:0 auto;background:${c.surface};border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-size:18px;font-weight:800;color:${c.accent}">Trading Bingo: Contact Us</p>
<p style="margin:0 0 12px;color:${c.muted}">From ${escape(from)}</p>
<p style="margin:0 0 16px;white-space:pre-wrap;overflow-wrap:anywhere">${escape(message.message)}</p>
<p style="margin:0;color:${c.muted};font-size:13px">Reply to this mail to answer the sender. Every message: <a href="${escape(adminLink)}" style="color:${c.accent}">${escape(adminLink)}</a></p>
</div></div>`;
  return { to, subject, text, html, links: [adminLink], replyTo: message.email };
}
