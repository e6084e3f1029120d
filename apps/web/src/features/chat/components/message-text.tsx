import { linkParts } from '../lib/links';

/**
 * A message's text as text (React escapes it; nothing is parsed as HTML). https addresses are
 * links labelled with their host, opened in a new tab without the opener or a referrer; any
 * other scheme stays plain text.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <p className="chat-msg__text">
      {linkParts(text).map((part, index) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            title={part.href}
            className="chat-msg__link"
          >
            {part.host}
            <span className="visually-hidden"> (link to {part.href}, opens in a new tab)</span>
          </a>
        ),
      )}
    </p>
  );
}
