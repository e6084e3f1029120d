import { screen, within } from '@testing-library/react';
import { BINGO_TOOLTIP, defaultBingoState } from '@tb/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetLocalJournal } from '@/features/journal';
import { renderWithProviders } from '@/test/render-with-providers';
import { RiskRewardWidget } from './risk-reward-widget';

/** A local board whose selected cells add up to `score`. */
function storeScore(score: number) {
  const state = defaultBingoState('b1', Date.now());
  state.bingoPages[0]!.bingoCells[0] = { id: 0, title: 'Plan', points: score, selected: true };
  state.bingoPages[0]!.bingoCells[1] = { id: 1, title: 'Unticked', points: 50, selected: false };
  localStorage.setItem('bingoState', JSON.stringify(state));
  resetLocalJournal();
}

const reached = () =>
  within(screen.getByRole('list', { name: 'Risk tiers' }))
    .getAllByRole('listitem')
    .filter((item) => item.classList.contains('is-reached'))
    .map((item) => item.textContent?.replace(' (reached)', ''));

beforeEach(() => resetLocalJournal());

describe('risk/reward widget', () => {
  it.each([
    [0, '0/20', [], '1R/R'],
    [6, '6/20', ['6/20 = 2R/R'], '2R/R'],
    [11, '11/20', ['6/20 = 2R/R', '11/20 = 3R/R'], '3R/R'],
    [16, '16/20', ['6/20 = 2R/R', '11/20 = 3R/R', '16/20 = 4R/R'], '4R/R'],
  ])('score %i lights the tiers it reached', (score, shown, lit, allowed) => {
    storeScore(score);
    renderWithProviders(<RiskRewardWidget />);
    expect(screen.getByText(shown)).toBeVisible();
    expect(reached()).toEqual(lit);
    expect(screen.getByText(`Allowed: ${allowed}`)).toBeVisible();
    expect(screen.queryByRole('button', { name: /BINGO/ })).not.toBeInTheDocument();
  });

  it('shows the BINGO with its hidden tooltip at 20 or more', () => {
    storeScore(20);
    renderWithProviders(<RiskRewardWidget />);
    const bingo = screen.getByRole('button', { name: /BINGO/ });
    expect(bingo).toHaveAccessibleDescription(BINGO_TOOLTIP);
    expect(screen.getByText('Allowed: 5R/R')).toBeVisible();
  });
});
