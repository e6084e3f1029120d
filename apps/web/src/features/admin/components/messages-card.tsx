import { useQuery } from '@tanstack/react-query';
import type { ContactMessage } from '@tb/core';
import { useEffect, useRef, useState } from 'react';
import { Badge, Card, QueryStatus, type BadgeTone } from '@/components';
import { EmailText } from '@/components/email-text';
import { contactMessagesQueryOptions } from '../api';
import { formatDateTime } from './format';
import { Pagination } from './pagination';

const MAIL_WORDS: Record<ContactMessage['mailStatus'], { text: string; tone: BadgeTone }> = {
  mailed: { text: 'Mailed to the admins', tone: 'long' },
  logged: { text: 'Not mailed: no SMTP server', tone: 'neutral' },
  failed: { text: 'Mail failed', tone: 'short' },
  'no-admins': { text: 'Not mailed: no admin then', tone: 'neutral' },
  pending: { text: 'Not mailed yet', tone: 'neutral' },
};

/**
 * Contact Us messages, newest first, with what became of their mail. The mail to the admins
 * links here (`/admin#messages`).
 */
export function MessagesCard() {
  const [page, setPage] = useState(1);
  const list = useQuery(contactMessagesQueryOptions(page));
  const pageCount = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const ref = useRef<HTMLElement>(null);
  const loaded = list.data !== undefined;
  // Arriving from the mail's link: the section is below the fold and loads after the page.
  useEffect(() => {
    if (loaded && window.location.hash === '#messages') ref.current?.scrollIntoView?.();
  }, [loaded]);

  return (
    <section id="messages" ref={ref} aria-labelledby="admin-messages">
      <Card className="admin-card">
        <div className="admin-card__header">
          <h2 id="admin-messages" className="admin-card__title">
            Messages
          </h2>
          <p className="admin-muted">Sent through Contact Us, newest first.</p>
        </div>
        <QueryStatus
          query={list}
          loading="Loading messages..."
          error="Failed to load the messages"
          isEmpty={(data) => data.messages.length === 0}
          empty={<p className="admin-state admin-muted">No messages yet</p>}
        >
          {(data) => (
            <>
              <ol className="admin-messages" aria-busy={list.isPlaceholderData || undefined}>
                {data.messages.map((message) => (
                  <MessageItem key={message.id} message={message} />
                ))}
              </ol>
              {data.total > data.pageSize ? (
                <Pagination
                  page={page}
                  pageCount={pageCount}
                  total={data.total}
                  onPage={setPage}
                  label="Message pages"
                  noun={['message', 'messages']}
                />
              ) : null}
            </>
          )}
        </QueryStatus>
      </Card>
    </section>
  );
}

function MessageItem({ message }: { message: ContactMessage }) {
  const mail = MAIL_WORDS[message.mailStatus];
  return (
    <li className="admin-message">
      <article aria-label={`Message from ${message.name}`}>
        <header className="admin-message__header">
          <p className="admin-message__from">
            <strong>{message.name}</strong>{' '}
            <a
              href={`mailto:${message.email}`}
              className="admin-message__email"
              aria-label={message.email}
            >
              <EmailText email={message.email} />
            </a>
            {message.user ? (
              <span className="admin-muted"> · account {message.user.username}</span>
            ) : null}
          </p>
          <p className="admin-message__meta">
            <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
            <Badge tone={mail.tone}>{mail.text}</Badge>
          </p>
        </header>
        <p className="admin-message__text">{message.message}</p>
        {message.mailError ? (
          <p className="admin-message__error">Mail error: {message.mailError}</p>
        ) : null}
      </article>
    </li>
  );
}
