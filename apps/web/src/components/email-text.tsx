import { Fragment } from 'react';
import './email-text.css';

/** An address's name and domain (from its last `@`); one half when it has no name before it. */
export function emailHalves(email: string): string[] {
  const at = email.lastIndexOf('@');
  return at > 0 ? [email.slice(0, at), email.slice(at)] : [email];
}

/**
 * The pieces a half may wrap between: cut after its dots, hyphens, underscores and pluses
 * ('christopher.' 'longname.' 'trader' / '@example.' 'com').
 */
export function emailPieces(half: string): string[] {
  return half.match(/[^.\-_+]+[.\-_+]*|[.\-_+]+/g) ?? [];
}

/**
 * An email address that wraps before its `@` and, where its line may wrap (a phone's card, the
 * profile), after the dots and hyphens inside each half; never mid-word (issue 26: it broke
 * mid-word on phones). Where the line does not wrap (white-space: nowrap, the admin table on a
 * laptop) it keeps to its two halves. A half wider than its column is cut with an ellipsis, the
 * full address still in the text (read out, copied) and in the tooltip.
 */
export function EmailText({ email }: { email: string }) {
  return (
    <span className="email-text" title={email}>
      {emailHalves(email).map((half, i) => (
        <Fragment key={i}>
          {/* <wbr> breaks even in a nowrap line; the pieces' own breaks (email-text.css) do not. */}
          {i > 0 ? <wbr /> : null}
          <span className="email-text__part">
            {emailPieces(half).map((piece, j) => (
              <span key={j} className="email-text__piece">
                {piece}
              </span>
            ))}
          </span>
        </Fragment>
      ))}
    </span>
  );
}
