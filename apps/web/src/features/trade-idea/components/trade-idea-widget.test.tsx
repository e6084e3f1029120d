import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { stubFetch } from '@/test/fetch-mock';
import { createTestQueryClient, publicUser, signIn } from '@/test/render-app';
import { readLastSymbol } from '../lib/trade-idea-storage';
import { TradeIdeaWidget } from './trade-idea-widget';

/** The widget as the dashboard hosts it: it owns whether the chart is open. */
function Dashboard({ onOpen }: { onOpen: (symbol: string) => void }) {
  const [chartOpen, setChartOpen] = useState(false);
  return (
    <TradeIdeaWidget
      chartOpen={chartOpen}
      onOpenChart={(symbol) => {
        onOpen(symbol);
        setChartOpen(true);
      }}
      onCloseChart={() => setChartOpen(false)}
    />
  );
}

function renderWidget() {
  const onOpen = vi.fn();
  const view = render(
    <AppProviders queryClient={createTestQueryClient()}>
      <MemoryRouter initialEntries={['/bingo']}>
        <Routes>
          <Route path="/bingo" element={<Dashboard onOpen={onOpen} />} />
          <Route path="/payment" element={<h1>Payment page</h1>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, onOpen, user: userEvent.setup() };
}

const notifications = () => within(screen.getByRole('region', { name: 'Notifications' }));

describe('TradeIdeaWidget', () => {
  it('uppercases the pair as typed and keeps pair and idea in the browser', async () => {
    const { user, unmount } = renderWidget();
    await user.type(screen.getByPlaceholderText('Enter trading pair (e.g BTCUSD)'), 'ethusd');
    await user.type(screen.getByPlaceholderText('Enter your trade ideas here...'), 'Retest');
    expect(screen.getByLabelText('Trading pair')).toHaveValue('ETHUSD');
    expect(localStorage.getItem('lastSymbol')).toBe('ETHUSD');
    expect(readLastSymbol()).toBe('ETHUSD');

    unmount();
    renderWidget();
    expect(screen.getByLabelText('Trading pair')).toHaveValue('ETHUSD');
    expect(screen.getByLabelText('Trade idea')).toHaveValue('Retest');
  });

  it('reads BTCUSD as the last symbol when none was typed', () => {
    expect(readLastSymbol()).toBe('BTCUSD');
  });

  it('opens and closes the chart with a notification that hides after 3 s', () => {
    vi.useFakeTimers();
    localStorage.setItem('lastSymbol', 'SOLUSD');
    const { onOpen } = renderWidget();

    fireEvent.click(screen.getByRole('button', { name: 'Open Chart' }));
    expect(onOpen).toHaveBeenCalledWith('SOLUSD');
    expect(notifications().getByText('Chart widget added!')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(2_999));
    expect(notifications().getByText('Chart widget added!')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1));
    expect(notifications().queryByText('Chart widget added!')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Close Chart' }));
    expect(notifications().getByText('Chart widget removed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open Chart' })).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(3_000));
    expect(notifications().queryByText('Chart widget removed')).not.toBeInTheDocument();
  });

  it('opens the chart on BTCUSD when the pair is empty', async () => {
    const { user, onOpen } = renderWidget();
    await user.click(screen.getByRole('button', { name: 'Open Chart' }));
    expect(onOpen).toHaveBeenCalledWith('BTCUSD');
  });

  it('shows the premium lock to an anonymous user who saves a template', async () => {
    const { user } = renderWidget();
    await user.type(screen.getByLabelText('Trade idea'), 'Breakout retest');
    await user.click(screen.getByRole('button', { name: 'Save as template' }));
    const lock = await screen.findByRole('dialog', { name: 'Premium Feature' });
    expect(lock).toHaveAccessibleDescription('This feature is only available to premium users');
    await user.click(within(lock).getByRole('button', { name: 'Upgrade to Premium' }));
    expect(screen.getByRole('heading', { name: 'Payment page' })).toBeInTheDocument();
  });

  it('shows the premium lock to a signed-in free user and saves nothing', async () => {
    signIn();
    stubFetch(() => ({ status: 200, body: publicUser({ isPaidUser: false }) }));
    const { user } = renderWidget();
    await user.type(screen.getByLabelText('Trade idea'), 'Breakout retest');
    await user.click(screen.getByRole('button', { name: 'Save as template' }));
    expect(await screen.findByRole('dialog', { name: 'Premium Feature' })).toBeInTheDocument();
    expect(localStorage.getItem('tradeIdeaTemplates')).toBeNull();
  });

  it('lets a premium user save, reuse and delete idea templates', async () => {
    signIn();
    stubFetch(() => ({ status: 200, body: publicUser({ isPaidUser: true }) }));
    const { user } = renderWidget();
    await screen.findByRole('button', { name: 'Save as template' });
    await vi.waitFor(() => expect(screen.queryByText('Premium')).not.toBeInTheDocument());

    const idea = screen.getByLabelText('Trade idea');
    await user.type(idea, 'Breakout retest{Enter}wait for the 1h close');
    await user.click(screen.getByRole('button', { name: 'Save as template' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(notifications().getByText('Template "Breakout retest" saved')).toBeInTheDocument();

    await user.clear(idea);
    await user.click(screen.getByRole('button', { name: 'Use template Breakout retest' }));
    expect(idea).toHaveValue('Breakout retest\nwait for the 1h close');

    await user.click(screen.getByRole('button', { name: 'Delete template Breakout retest' }));
    expect(screen.queryByRole('button', { name: /Use template/ })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('tradeIdeaTemplates') ?? '')).toEqual([]);
  });
});
