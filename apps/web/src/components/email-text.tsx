import './email-text.css';

/**
 * The pieces an address may wrap between: the name and the domain (from its `@`), each cut after
 * its dots, hyphens, underscores and pluses ('christopher.' 'longname.' 'trader' '@example.' 'com').
 */
export function emailPieces(email: string): string[] {
  const at = email.lastIndexOf('@');
  const halves = at > 0 ? [email.slice(0, at), email.slice(at)] : [email];
  return halves.flatMap((half) => half.match(/[^.\-_+]+[.\-_+]*|[.\-_+]+/g) ?? []);
}

/**
 * An email address that wraps only between its pieces (issue 26: it broke mid-word on phones,
 * then was cut with an ellipsis at the `@`), never inside a word. A piece wider than its column
 * is cut with an ellipsis, the full address still in the text (read out, copied) and in the
 * tooltip.
 */
export function EmailText({ email }: { email: string }) {
  const pieces = emailPieces(email);
  if (pieces.length <= 1) return <span className="email-text__part">{email}</span>;
  return (
    <span className="email-text" title={email}>
      {pieces.map((piece, i) => (
        <span key={i} className="email-text__part">
          {piece}
        </span>
      ))}
    </span>
  );
}
