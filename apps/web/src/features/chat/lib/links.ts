/** A piece of a chat text: plain text, or a link the reader may follow. */
export type TextPart =
  { kind: 'text'; text: string } | { kind: 'link'; href: string; host: string; text: string };

// Anything that looks like an address; only https ones become links (see linkParts).
const CANDIDATE = /\b[a-z][a-z0-9+.-]*:\/\/[^\s<>"']+/gi;
// Punctuation that ends a sentence rather than the address ('see https://x.com.').
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** The https address `candidate` names, with its host; null for any other scheme or a bad one. */
function httpsLink(candidate: string): { href: string; host: string } | null {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || !url.hostname) return null;
  return { href: url.href, host: url.host };
}

/**
 * A chat text split into plain text and https links (DESIGN.md section 15: text only). Other
 * schemes (http:, javascript:, data:) stay plain text; the caller renders every part as text,
 * a link's label being its host.
 */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plain = '';
  let last = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    const raw = match[0].replace(TRAILING, '');
    const link = httpsLink(raw);
    if (!link) continue;
    plain += text.slice(last, match.index);
    if (plain) parts.push({ kind: 'text', text: plain });
    plain = '';
    parts.push({ kind: 'link', ...link, text: raw });
    last = match.index + raw.length;
  }
  plain += text.slice(last);
  if (plain) parts.push({ kind: 'text', text: plain });
  return parts;
}
