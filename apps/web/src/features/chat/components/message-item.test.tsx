import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, stubFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import type { DateTimeFormat } from '@/features/journal';
import { chatMessage } from '../test/fixtures';
import { MessageItem, type MessageItemProps } from './message-item';

const format: DateTimeFormat = {
  timeZone: 'UTC',
  dateTime: (at) => `day-time ${String(at)}`,
  date: (at) => (String(at).startsWith('2026-11-29') ? 'today' : 'another day'),
  time: (at) => `time ${String(at)}`,
};

function renderItem(props: Partial<MessageItemProps> = {}) {
  return renderWithProviders(
    <ol>
      <MessageItem
        message={chatMessage('1')}
        own={false}
        isAdmin={false}
        format={format}
        today="today"
        {...props}
      />
    </ol>,
  );
}

const plan = {
  pair: 'BTC-USD',
  isLong: false,
  entryPrice: 64_250.5,
  stopLoss: 65_000,
  takeProfit: 62_000,
  riskRewardRatio: 3,
  tier: '3R/R',
  size: null,
};

describe('MessageItem', () => {
  it('renders markup in a message as text, never as HTML', () => {
    const text = '<img src=x onerror="alert(1)"><script>alert(2)</script><b>bold</b>';
    const { container } = renderItem({ message: chatMessage('1', { text }) });
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(container.querySelector('img, script, b')).toBeNull();
  });

  it('an https address is a link showing its host, opened safely; other schemes stay text', () => {
    renderItem({
      message: chatMessage('1', {
        text: 'see https://www.tradingview.com/x/abc and javascript://alert(1) and http://plain.example',
      }),
    });
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://www.tradingview.com/x/abc');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(links[0]).toHaveTextContent(/^www\.tradingview\.com/);
    expect(
      screen.getByText(/javascript:\/\/alert\(1\) and http:\/\/plain\.example/),
    ).toBeInTheDocument();
  });

  it('shows author and time (the time alone today, the date on other days), and marks your own', () => {
    const { unmount } = renderItem({ own: true });
    expect(screen.getByText('ada')).toBeInTheDocument();
    expect(screen.getByText('You')).toBeInTheDocument();
    expect(screen.getByText('time 2026-11-29T12:00:00.000Z')).toBeInTheDocument();
    unmount();
    renderItem({ message: chatMessage('1', { createdAt: '2026-11-20T08:00:00.000Z' }) });
    expect(screen.queryByText('You')).not.toBeInTheDocument();
    expect(screen.getByText('day-time 2026-11-20T08:00:00.000Z')).toBeInTheDocument();
  });

  it('a plan card shows pair, side, levels, R/R and tier, and no size when none was shared', () => {
    renderItem({ message: chatMessage('1', { kind: 'plan', text: 'my short', plan }) });
    const card = screen.getByRole('region', { name: 'Trade plan: BTC-USD Short' });
    const facts = Object.fromEntries(
      within(card)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      Entry: '64,250.5',
      Stop: '65,000',
      Target: '62,000',
      'R/R': '3.00',
      Tier: '3R/R',
    });
    expect(screen.getByText('my short')).toBeInTheDocument();
  });

  it('a plan card with its size shows it in dollars', () => {
    renderItem({
      message: chatMessage('1', { kind: 'plan', text: '', plan: { ...plan, size: 1500 } }),
    });
    const card = screen.getByRole('region', { name: /Trade plan/ });
    expect(within(card).getByText('Size').nextElementSibling).toHaveTextContent('$1,500');
  });

  it('a removed message reads "Message removed"', () => {
    renderItem({ message: chatMessage('1', { deleted: true, text: '' }) });
    expect(screen.getByText('Message removed')).toBeInTheDocument();
  });

  it('only admins see Delete and Mute', () => {
    const { unmount } = renderItem();
    expect(screen.queryByRole('button', { name: /Delete message/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mute/ })).not.toBeInTheDocument();
    unmount();
    renderItem({ isAdmin: true });
    expect(screen.getByRole('button', { name: 'Delete message from ada' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mute ada' })).toBeInTheDocument();
  });

  it('an admin deletes after confirming', async () => {
    const fetch = stubFetch(() => ({ status: 204 }));
    const { user } = renderItem({ isAdmin: true });
    await user.click(screen.getByRole('button', { name: 'Delete message from ada' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete message' });
    expect(calls(fetch)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls(fetch)).toEqual(['DELETE /api/admin/chat/messages/1']));
  });

  it('an admin mutes the author for the chosen time, with a reason', async () => {
    const fetch = stubFetch(() => ({
      status: 201,
      body: { mute: { userId: 'u2', until: '2026-11-30T12:00:00.000Z', reason: 'spam' } },
    }));
    const { user } = renderItem({ isAdmin: true });
    await user.click(screen.getByRole('button', { name: 'Mute ada' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mute ada' });
    await user.selectOptions(within(dialog).getByLabelText('Duration'), '24 hours');
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'spam');
    await user.click(within(dialog).getByRole('button', { name: 'Mute' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(fetch)).toEqual(['POST /api/admin/chat/mutes']);
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({
      userId: 'u2',
      minutes: 1440,
      reason: 'spam',
    });
  });
});
