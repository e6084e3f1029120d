import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  defaultBingoState,
  scriptBoardMessages,
  scriptCellById,
  type BingoCell as Cell,
  type ScriptCellId,
  type ScriptCellValue,
} from '@tb/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scriptPointsOf, type ScriptCellsView } from '@/features/bingo-script';
import { resetLocalJournal } from '@/features/journal';
import { RiskRewardWidget } from '@/features/risk-reward';
import { stubFetch } from '@/test/fetch-mock';
import { publicUser, signIn } from '@/test/render-app';
import { renderWithProviders } from '@/test/render-with-providers';
import { BingoCell } from './bingo-cell';
import { BingoGridWidget } from './bingo-grid-widget';
import { scriptCellState } from './script-cell-state';

const trend = scriptCellById('daily-trend')!;
const volume = scriptCellById('volume-up')!;
const scriptCell: Cell = {
  id: 2,
  title: trend.label,
  points: trend.points,
  selected: false,
  script: 'daily-trend',
};
const answer = (id: 'daily-trend' | 'volume-up', ticked: boolean, value: number | null) => {
  const entry = scriptCellById(id)!;
  return {
    id,
    label: entry.label,
    rule: entry.rule,
    points: entry.points,
    unit: entry.valueUnit,
    ticked,
    value,
    detail: `Close 105.00 vs average 100.00 (${id}).`,
  } satisfies ScriptCellValue;
};
const ready = (...cells: ScriptCellValue[]): ScriptCellsView => ({
  status: 'ready',
  pair: 'BTCUSDT',
  isLong: true,
  cells: Object.fromEntries(cells.map((c) => [c.id, c])),
});

describe('scriptCellState', () => {
  it('is null for an own cell', () => {
    expect(scriptCellState({ ...scriptCell, script: undefined }, ready())).toBeNull();
  });

  it('says ticked, with the value, the data and the rule', () => {
    const state = scriptCellState(scriptCell, ready(answer('daily-trend', true, 5)))!;
    expect(state.status).toBe('ticked');
    expect(state.badge).toBe('Ticked');
    expect(state.description).toContain('Ticked by the script for BTCUSDT long (5 % from');
    expect(state.description).toContain('Close 105.00 vs average 100.00');
    expect(state.description).toContain(`Rule: ${trend.rule}`);
  });

  it.each([
    ['not ticked', ready(answer('daily-trend', false, -2)), 'not-ticked', 'Not ticked'],
    [
      'loading',
      { status: 'loading', pair: 'ETHUSDT', isLong: false } as const,
      'loading',
      'Checking…',
    ],
    [
      'market data unavailable',
      { status: 'error', pair: 'ETHUSDT', isLong: false, retry: () => {} } as const,
      'no-data',
      'No data',
    ],
    ['a lapsed plan', { status: 'locked' } as const, 'locked', 'Locked'],
  ])('%s', (_name, view, status, badge) => {
    const state = scriptCellState(scriptCell, view)!;
    expect(state).toMatchObject({ status, badge });
  });

  it('a lapsed plan shows the premium lock text', () => {
    expect(scriptCellState(scriptCell, { status: 'locked' })!.description).toContain(
      scriptBoardMessages.lapsed,
    );
  });
});

describe('scriptPointsOf', () => {
  const own: { script?: ScriptCellId } = {};
  const cells: { script?: ScriptCellId }[] = [
    { script: 'daily-trend' },
    { script: 'volume-up' },
    own,
  ];
  it('adds the points of the script cells the script ticked', () => {
    const view = ready(answer('daily-trend', true, 1), answer('volume-up', false, 0.5));
    expect(scriptPointsOf(cells, view)).toBe(trend.points);
    const both = ready(answer('daily-trend', true, 1), answer('volume-up', true, 1.5));
    expect(scriptPointsOf(cells, both)).toBe(trend.points + volume.points);
  });
  it('counts nothing without an answer (loading, no data, lapsed)', () => {
    expect(scriptPointsOf(cells, { status: 'locked' })).toBe(0);
    expect(
      scriptPointsOf(cells, { status: 'error', pair: 'X', isLong: true, retry: () => {} }),
    ).toBe(0);
  });
});

describe('a script cell on the grid', () => {
  const renderScript = (view: ScriptCellsView) => {
    const onToggle = vi.fn();
    const onEdit = vi.fn();
    render(
      <BingoCell
        cell={scriptCell}
        index={2}
        onToggle={onToggle}
        onEdit={onEdit}
        tabStop
        script={scriptCellState(scriptCell, view)}
      />,
    );
    return { onToggle, onEdit, user: userEvent.setup() };
  };

  it('is aria-disabled, says why, and a click, Enter or Space does not tick it', async () => {
    const { onToggle, user } = renderScript(ready(answer('daily-trend', true, 5)));
    const cell = screen.getByRole('button', {
      name: `Cell 3: ${trend.label}, 2 points, script cell: Ticked`,
    });
    expect(cell).toHaveAttribute('aria-disabled', 'true');
    expect(cell).not.toHaveAttribute('aria-pressed');
    expect(cell).toHaveAccessibleDescription(
      expect.stringContaining('The script ticks this cell; it cannot be ticked by hand'),
    );
    await user.click(cell);
    cell.focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onToggle).not.toHaveBeenCalled();
    expect(cell.closest('.bingo-cell')).toHaveClass('is-script', 'is-selected');
    expect(screen.getByText('✓ Script')).toBeVisible();
  });

  it('shows No data and is not ticked when the market data is unavailable', () => {
    renderScript({ status: 'error', pair: 'BTCUSDT', isLong: true, retry: () => {} });
    const cell = screen.getByRole('button', { name: /script cell: No data/ });
    expect(cell.closest('.bingo-cell')).not.toHaveClass('is-selected');
    expect(cell).toHaveAccessibleDescription(expect.stringContaining('counts nothing'));
  });
});

describe('the board and the score with script cells (signed in, annual plan)', () => {
  beforeEach(() => {
    resetLocalJournal();
    signIn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  function serve(plan: 'annual' | 'monthly', scripts: { status: number; body?: unknown }) {
    const state = { ...defaultBingoState('b1', Date.now()), version: 1 };
    const cells = state.bingoPages[0]!.bingoCells.map((c) => ({ ...c, selected: false }));
    cells[0] = { id: 0, title: 'Own', points: 4, selected: true };
    cells[1] = { id: 1, title: trend.label, points: 2, selected: false, script: 'daily-trend' };
    cells[2] = { id: 2, title: volume.label, points: 1, selected: false, script: 'volume-up' };
    state.bingoPages[0]!.bingoCells = cells;
    const subscription = { active: true, plan, startDate: null, endDate: null, remainingDays: 90 };
    return stubFetch((req) => {
      if (req.path === '/users/me') {
        return { status: 200, body: publicUser({ isPaidUser: true, subscription }) };
      }
      if (req.path === '/bingo/card') return { status: 200, body: { success: true, data: state } };
      if (req.path.startsWith('/script-cells')) return scripts;
      return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'no' } } };
    });
  }

  it('shows the ticks on the cells and adds the ticked points to the score and the tier', async () => {
    const fetch = serve('annual', {
      status: 200,
      body: {
        pair: 'BTCUSDT',
        isLong: false,
        timeframe: '1h',
        evaluatedAt: new Date().toISOString(),
        cells: [answer('daily-trend', true, 3.2), answer('volume-up', false, 0.8)],
      },
    });
    renderWithProviders(
      <>
        <BingoGridWidget />
        <RiskRewardWidget />
      </>,
    );
    const trendCell = await screen.findByRole('button', { name: /Cell 2: .*script cell: Ticked/ });
    expect(trendCell).toHaveAccessibleDescription(expect.stringContaining('3.2 % from'));
    expect(screen.getByRole('button', { name: /Cell 3: .*script cell: Not ticked/ })).toBeVisible();
    // 4 own + 2 of the ticked script cell: 6/20, tier 2.
    await waitFor(() => expect(screen.getByText('6/20')).toBeVisible());
    expect(screen.getByText('Allowed: 2R/R')).toBeVisible();
    const asked = fetch.mock.calls.map(([url]) => String(url)).find((u) => u.includes('script'));
    expect(asked).toContain('/api/script-cells?pair=BTCUSDT&isLong=false&timeframe=1h');
    fireEvent.click(trendCell);
    expect(screen.getByText('6/20')).toBeVisible();
  });

  it('shows No data and counts nothing when the market data is unavailable', async () => {
    serve('annual', {
      status: 502,
      body: { error: { code: 'EXCHANGE_ERROR', message: 'Failed to read the market data' } },
    });
    renderWithProviders(
      <>
        <BingoGridWidget />
        <RiskRewardWidget />
      </>,
    );
    await screen.findByText(/Market data unavailable/, {}, { timeout: 4000 });
    expect(screen.getAllByRole('button', { name: /script cell: No data/ })).toHaveLength(2);
    expect(screen.getByText('4/20')).toBeVisible();
  });

  it("shows a lapsed (monthly) trader's script cells locked, with the premium text", async () => {
    const fetch = serve('monthly', { status: 403 });
    renderWithProviders(<BingoGridWidget />);
    await screen.findAllByRole('button', { name: /script cell: Locked/ });
    const status = screen.getByText(scriptBoardMessages.lapsed, {
      exact: false,
      selector: '.bingo-grid__script-status',
    });
    expect(within(status).getByRole('button', { name: 'Renew' })).toBeVisible();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('script-cells'))).toBe(false);
  });
});
