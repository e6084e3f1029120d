import { screen, waitFor, within } from '@testing-library/react';
import { confirmMessages, defaultBingoState, defaultRiskState, stoplossTexts } from '@tb/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetLocalJournal } from '@/features/journal';
import { renderWithProviders } from '@/test/render-with-providers';
import { TradeDetailsWidget } from './trade-details-widget';

function storeScore(score: number) {
  const state = defaultBingoState('b1', Date.now());
  state.bingoPages[0]!.bingoCells[0] = { id: 0, title: 'Plan', points: score, selected: true };
  localStorage.setItem('bingoState', JSON.stringify(state));
  resetLocalJournal();
}

async function planLong(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.click(screen.getByRole('button', { name: 'Long' }));
  await user.type(screen.getByLabelText('Stoploss'), '100');
  await user.type(screen.getByLabelText('Entry'), '110');
}

beforeEach(() => resetLocalJournal());

describe('trade details widget', () => {
  it('defaults to Short with number inputs from core and Save disabled until valid', async () => {
    const { user } = renderWithProviders(<TradeDetailsWidget />);
    expect(screen.getByRole('button', { name: 'Short', pressed: true })).toBeVisible();
    const stop = screen.getByLabelText('Stoploss');
    expect(stop).toHaveAttribute('type', 'number');
    expect(stop).toHaveAttribute('step', '0.0001');
    expect(stop).toHaveAttribute('min', '0');
    expect(stop).toHaveAttribute('placeholder', '0.00');
    expect(screen.getByRole('button', { name: 'Save Short trade' })).toBeDisabled();
    await user.type(stop, '110');
    expect(screen.getByRole('button', { name: 'Save Short trade' })).toBeDisabled();
    await user.type(screen.getByLabelText('Entry'), '100');
    expect(screen.getByRole('button', { name: 'Save Short trade' })).toBeEnabled();
  });

  it('computes the target of a long 2R trade (score 6) and its R/R', async () => {
    storeScore(6);
    const { user } = renderWithProviders(<TradeDetailsWidget />);
    await planLong(user);
    expect(screen.getByLabelText('Target')).toHaveValue(130);
    expect((screen.getByLabelText('Target') as HTMLInputElement).value).toBe('130.0000');
    expect(screen.getByLabelText('Risk/reward')).toHaveTextContent('2.00');
    expect(screen.getByRole('button', { name: 'Save Long trade' })).toBeEnabled();
  });

  it('asks before a manual target; declining keeps it computed, disabling recalculates', async () => {
    storeScore(6);
    const { user } = renderWithProviders(<TradeDetailsWidget />);
    await planLong(user);
    const target = screen.getByLabelText('Target');
    await user.click(target);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Would you like to manually set it?');
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(target).toHaveAttribute('readonly');
    await user.click(target);
    await user.click(screen.getByRole('button', { name: 'Yes, set it' }));
    expect(target).not.toHaveAttribute('readonly');
    await user.clear(target);
    await user.type(target, '125');
    expect(screen.getByLabelText('Risk/reward')).toHaveTextContent('1.50');
    await user.click(screen.getByRole('button', { name: 'Auto target' }));
    expect((target as HTMLInputElement).value).toBe('130.0000');
  });

  it('saves an OPEN trade, clears the form and manages it in the Trade History', async () => {
    storeScore(6);
    const { user } = renderWithProviders(<TradeDetailsWidget />);
    await planLong(user);
    await user.click(screen.getByRole('button', { name: 'Save Long trade' }));
    expect(screen.getByLabelText('Stoploss')).toHaveValue(null);
    expect(screen.getByRole('button', { name: /Trade History 1/ })).toBeVisible();

    await user.click(screen.getByRole('button', { name: /Trade History/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Trade History' });
    const row = within(dialog).getByRole('listitem', { name: 'BTCUSDT Long, OPEN' });
    expect(within(row).getByText('2.00')).toBeVisible();
    await user.click(within(row).getByRole('button', { name: 'Target Hit' }));
    const won = within(dialog).getByRole('listitem', { name: 'BTCUSDT Long, WIN' });
    expect(within(won).getByText('+$20.00')).toBeVisible();
    expect(within(won).queryByRole('button', { name: 'Stoploss Hit' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Clear history' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(confirmMessages.clearHistory);
    await user.click(within(confirm).getByRole('button', { name: 'Clear' }));
    expect(await within(dialog).findByText('No trades recorded yet')).toBeVisible();
  });

  it('deletes a trade only after confirming', async () => {
    storeScore(6);
    const { user } = renderWithProviders(<TradeDetailsWidget />);
    await planLong(user);
    await user.click(screen.getByRole('button', { name: 'Save Long trade' }));
    await user.click(screen.getByRole('button', { name: /Trade History/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Trade History' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete BTCUSDT Long' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(confirmMessages.deleteTrade);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('No trades recorded yet')).toBeVisible();
  });

  it('blocks a fourth stoploss with the session-ended message', async () => {
    storeScore(6);
    const { user } = renderWithProviders(<TradeDetailsWidget />);
    await planLong(user);
    await user.click(screen.getByRole('button', { name: 'Save Long trade' }));
    const risk = { ...defaultRiskState(Date.now()), slTaken: 3 };
    risk.dailyStats = { ...risk.dailyStats, lastTradeDate: new Date().toISOString().slice(0, 10) };
    localStorage.setItem('riskState', JSON.stringify(risk));
    const trades = localStorage.getItem('trades');
    resetLocalJournal();
    expect(localStorage.getItem('trades')).toBe(trades);
    await user.click(screen.getByRole('button', { name: /Trade History/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Trade History' });
    await user.click(within(dialog).getByRole('button', { name: 'Stoploss Hit' }));
    expect(await screen.findByText(stoplossTexts.sessionEndedAlert)).toBeVisible();
    await waitFor(() =>
      expect(within(dialog).getByRole('listitem', { name: 'BTCUSDT Long, OPEN' })).toBeVisible(),
    );
  });
});
