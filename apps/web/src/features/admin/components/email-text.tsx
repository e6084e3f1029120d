/**
 * An email address that wraps only before its `@` (issue 26: it broke mid-word on phones).
 * Each half stays whole; a half wider than its column is cut with an ellipsis, the full address
 * still in the text (read out, copied) and in the tooltip.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <span className="email-text__part">{email}</span>;
  return (
    <span className="email-text" title={email}>
      <span className="email-text__part">{email.slice(0, at)}</span>
      <wbr />
      <span className="email-text__part">{email.slice(at)}</span>
    </span>
  );
}
