import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import { chatMessage } from '../test/fixtures';
import { ShareToChatDialog } from './share-to-chat-dialog';

const plan = {
  pair: 'ETH-USD',
  isLong: true,
  entryPrice: 3000,
  stopLoss: 2900,
  takeProfit: 3300,
  riskRewardRatio: 3,
  tier: '3R/R',
  size: 2500,
};

function server() {
  const bodies: Array<{ path: string; body: unknown }> = [];
  stubFetch((req) => {
    bodies.push({ path: req.path, body: req.body });
    return { status: 201, body: { message: chatMessage('5', { kind: 'plan', plan }) } };
  });
  return bodies;
}

describe('ShareToChatDialog', () => {
  it('defaults to the coin’s room, leaves the size out, and posts the plan with the comment', async () => {
    const bodies = server();
    const onClose = vi.fn();
    const { user } = renderWithProviders(<ShareToChatDialog plan={plan} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Share to chat' });
    expect(within(dialog).getByLabelText('Room')).toHaveValue('eth');
    expect(within(dialog).getByLabelText('Include size')).not.toBeChecked();
    expect(within(dialog).queryByText('Size')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Comment (optional)'), 'breakout retest');
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toEqual([
      {
        path: '/chat/rooms/eth/messages',
        body: { plan: { ...plan, size: null }, text: 'breakout retest' },
      },
    ]);
  });

  it('"Include size" shares the size; a pair without a room goes to General', async () => {
    const bodies = server();
    const { user } = renderWithProviders(
      <ShareToChatDialog plan={{ ...plan, pair: 'PEPE-USD' }} onClose={() => undefined} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Share to chat' });
    expect(within(dialog).getByLabelText('Room')).toHaveValue('general');
    await user.click(within(dialog).getByLabelText('Include size'));
    expect(within(dialog).getByText('Size').nextElementSibling).toHaveTextContent('$2,500');
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      path: '/chat/rooms/general/messages',
      body: { plan: { ...plan, pair: 'PEPE-USD' } },
    });
  });
});
