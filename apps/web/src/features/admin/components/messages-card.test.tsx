import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls } from '@/test/fetch-mock';
import { contactMessage, messageList, openAdmin } from '../test-fixtures';

const messagesRegion = () => screen.getByRole('region', { name: 'Messages' });
const messageCalls = (fetch: Parameters<typeof calls>[0]) =>
  calls(fetch).filter((c) => c.includes('/contact-messages'));

describe('AdminPage messages', () => {
  it('lists Contact Us messages with sender, time, text and what became of the mail', async () => {
    const { fetch } = await openAdmin({
      'GET /admin/contact-messages': () => ({
        status: 200,
        body: messageList([
          contactMessage({
            id: 'm-2',
            name: 'Grace',
            email: 'grace@example.com',
            message: 'Where is my receipt?',
            user: { id: 'u-grace', username: 'gracehopper' },
            mailStatus: 'mailed',
            mailedAt: '2026-03-02T10:00:00.000Z',
            createdAt: '2026-03-02T10:00:00.000Z',
          }),
          contactMessage({ mailStatus: 'failed', mailError: 'root@example.com: mailbox full' }),
        ]),
      }),
    });
    const region = within(messagesRegion());
    const [grace, ada] = await region.findAllByRole('article');
    expect(grace).toHaveAccessibleName('Message from Grace');
    expect(grace).toHaveTextContent('grace@example.com');
    expect(grace).toHaveTextContent('account gracehopper');
    expect(grace).toHaveTextContent('2 Mar 2026, 10:00 UTC');
    expect(grace).toHaveTextContent('Where is my receipt?');
    expect(within(grace!).getByText('Mailed to the admins')).toBeInTheDocument();
    expect(within(grace!).getByRole('link', { name: 'grace@example.com' })).toHaveAttribute(
      'href',
      'mailto:grace@example.com',
    );
    expect(within(ada!).getByText('Mail failed')).toBeInTheDocument();
    expect(ada).toHaveTextContent('Mail error: root@example.com: mailbox full');
    expect(messageCalls(fetch)).toEqual(['GET /api/admin/contact-messages?page=1&pageSize=20']);
  });

  it('says when a message was not mailed because no SMTP server is set up', async () => {
    await openAdmin();
    const region = within(messagesRegion());
    expect(await region.findByText('Not mailed: no SMTP server')).toBeInTheDocument();
    // The full address stays in the text (and the tooltip) however it wraps.
    const address = region.getByTitle('ada.lovelace@analytical-engines.example.com');
    expect(address).toHaveTextContent('ada.lovelace@analytical-engines.example.com');
  });

  it('pages through older messages', async () => {
    const { user, fetch } = await openAdmin({
      'GET /admin/contact-messages': (req) => {
        const page = Number(new URLSearchParams(req.path.split('?')[1]).get('page'));
        const name = page === 2 ? 'Older' : 'Newer';
        return { status: 200, body: messageList([contactMessage({ name })], 21, page) };
      },
    });
    const region = within(messagesRegion());
    expect(await region.findByText('Newer')).toBeInTheDocument();
    expect(region.getByText('Page 1 of 2').closest('p')).toHaveTextContent(
      'Page 1 of 2 · 21 messages',
    );
    await user.click(region.getByRole('button', { name: 'Next' }));
    expect(await region.findByText('Older')).toBeInTheDocument();
    expect(messageCalls(fetch).at(-1)).toBe('GET /api/admin/contact-messages?page=2&pageSize=20');
  });

  it('says so when there are none', async () => {
    await openAdmin({
      'GET /admin/contact-messages': () => ({ status: 200, body: messageList([]) }),
    });
    expect(await within(messagesRegion()).findByText('No messages yet')).toBeInTheDocument();
  });
});
