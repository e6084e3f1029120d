import { fireEvent, screen } from '@testing-library/react';
import { CHAT_TEXT_MAX_LENGTH } from '@tb/core';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-with-providers';
import { COUNTER_FROM, Composer } from './composer';

function renderComposer() {
  const fetch = stubFetch(() => ({ status: 500 }));
  const view = renderWithProviders(<Composer room="btc" roomName="BTC" mutedUntil={null} />);
  return { ...view, fetch, box: screen.getByRole('textbox', { name: 'Message to BTC' }) };
}

describe('Composer', () => {
  it('shows no counter for a short message, and one near the limit', () => {
    const { box } = renderComposer();
    fireEvent.change(box, { target: { value: 'short' } });
    expect(screen.queryByText(/\/ 1000/)).not.toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'x'.repeat(COUNTER_FROM + 5) } });
    expect(screen.getByText(`${COUNTER_FROM + 5} / ${CHAT_TEXT_MAX_LENGTH}`)).toBeInTheDocument();
  });

  it('over the limit it says so and sends nothing, not even with Enter', async () => {
    const { box, fetch, user } = renderComposer();
    fireEvent.change(box, { target: { value: 'x'.repeat(CHAT_TEXT_MAX_LENGTH + 1) } });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    box.focus();
    await user.keyboard('{Enter}');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('blank messages are not sent', async () => {
    const { box, fetch, user } = renderComposer();
    await user.type(box, '   {Enter}');
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});
