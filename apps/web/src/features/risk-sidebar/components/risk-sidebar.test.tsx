import { act, fireEvent, screen } from '@testing-library/react';
import { defaultRiskState, GRASS_PROMPT_DELAY_MS, stoplossTexts } from '@tb/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLocalJournal } from '@/features/journal';
import { renderWithProviders } from '@/test/render-with-providers';
import { RiskSidebar } from './risk-sidebar';

function storeRisk(slTaken: number, tradeStreak = 0) {
  const risk = { ...defaultRiskState(Date.now()), slTaken, tradeStreak };
  risk.dailyStats = { ...risk.dailyStats, lastTradeDate: new Date().toISOString().slice(0, 10) };
  localStorage.setItem('riskState', JSON.stringify(risk));
  resetLocalJournal();
}

beforeEach(() => resetLocalJournal());

describe('risk sidebar', () => {
  it.each([
    [0, 'No SL taken'],
    [1, '1 SL taken'],
    [2, '2 SL taken'],
    [3, 'Session ended'],
  ])('slTaken %i reads "%s"', (slTaken, label) => {
    storeRisk(slTaken);
    renderWithProviders(<RiskSidebar collapsed={false} onToggle={() => {}} />);
    expect(screen.getByRole('button', { name: label })).toBeVisible();
  });

  it('shows assets, the streak label, percentage and bar from core', () => {
    storeRisk(0, 2);
    renderWithProviders(<RiskSidebar collapsed={false} onToggle={() => {}} />);
    expect(screen.getByText('$10,000')).toBeVisible();
    expect(screen.getByText('$1,400')).toBeVisible();
    expect(screen.getByText('HOT streak')).toBeVisible();
    expect(screen.getByText('14%')).toBeVisible();
    expect(screen.getByRole('meter', { name: 'Streak' })).toHaveAttribute('aria-valuenow', '83.34');
  });

  it('edits the account size and trade size, refusing a size that is not positive', () => {
    storeRisk(0, 0);
    renderWithProviders(<RiskSidebar collapsed={false} onToggle={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText('Account size ($)'), { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Account size must be greater than 0')).toBeVisible();
    fireEvent.change(screen.getByLabelText('Account size ($)'), { target: { value: '25000' } });
    fireEvent.change(screen.getByLabelText('Trade size ($)'), { target: { value: '2500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('$25,000')).toBeVisible();
    expect(screen.getByText('$2,500')).toBeVisible();
    expect(JSON.parse(localStorage.getItem('riskState') ?? '{}')).toMatchObject({
      accountSize: 25000,
      baseTradeSize: 2500,
    });
  });

  it('collapses with a button that reports aria-expanded', () => {
    const onToggle = vi.fn();
    renderWithProviders(<RiskSidebar collapsed onToggle={onToggle} />);
    const toggle = screen.getByRole('button', { name: 'Open risk sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(onToggle).toHaveBeenCalledOnce();
    expect(screen.queryByText('Assets')).not.toBeVisible();
  });

  it('at 3: hover says session ended, 2 s later asks about grass; Yes resets, No closes', () => {
    vi.useFakeTimers();
    storeRisk(3);
    renderWithProviders(<RiskSidebar collapsed={false} onToggle={() => {}} />);
    const counter = screen.getByRole('button', { name: 'Session ended' });
    fireEvent.mouseEnter(counter.parentElement!);
    expect(screen.getByRole('tooltip')).toHaveTextContent(stoplossTexts.sessionEndedHover);
    act(() => vi.advanceTimersByTime(GRASS_PROMPT_DELAY_MS - 1));
    expect(screen.queryByText(stoplossTexts.grassPrompt)).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText(stoplossTexts.grassPrompt)).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.queryByText(stoplossTexts.grassPrompt)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Session ended' })).toBeVisible();

    fireEvent.focus(screen.getByRole('button', { name: 'Session ended' }));
    act(() => vi.advanceTimersByTime(GRASS_PROMPT_DELAY_MS));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(screen.getByRole('button', { name: 'No SL taken' })).toBeVisible();
    expect(JSON.parse(localStorage.getItem('riskState') ?? '{}')).toMatchObject({ slTaken: 0 });
  });
});
