import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BingoCell as Cell } from '@tb/core';
import { describe, expect, it, vi } from 'vitest';
import { BingoCell, cellLabel } from './bingo-cell';

const cell = (title: string, points: number, selected = false): Cell => ({
  id: 3,
  title,
  points,
  selected,
});

function renderCell(value: Cell) {
  const onToggle = vi.fn();
  const onEdit = vi.fn();
  const view = render(
    <BingoCell cell={value} index={3} onToggle={onToggle} onEdit={onEdit} tabStop />,
  );
  return { ...view, onToggle, onEdit, user: userEvent.setup() };
}

describe('cellLabel', () => {
  it.each([
    ['an empty cell', cell('', 0), 'Cell 4'],
    ['a blank title', cell('   ', 0), 'Cell 4'],
    ['a set cell', cell('Stop beyond structure', 2), 'Cell 4: Stop beyond structure, 2 points'],
    ['one point', cell('No revenge trade', 1), 'Cell 4: No revenge trade, 1 point'],
    ['points without a title', cell('', 3), 'Cell 4: Not set, 3 points'],
    ['a title without points', cell('My rule', 0), 'Cell 4: My rule, 0 points'],
  ])('%s', (_scenario, value, expected) => {
    expect(cellLabel(value, 3)).toBe(expected);
  });
});

describe('BingoCell', () => {
  it('shows the whole title and a points badge, named by number, title and points', async () => {
    const title = 'Screenshot saved for the journal';
    const { container, onToggle, onEdit, user } = renderCell(cell(title, 2));
    const toggle = screen.getByRole('button', { name: `Cell 4: ${title}, 2 points` });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText(title)).toBeVisible();
    // The badge is drawn from data attributes (CSS ::before), not text in the button.
    expect(container.querySelector('.bingo-cell__points')).toHaveAttribute('data-points', '2');
    expect(container.querySelector('.bingo-cell__points-unit')).toHaveAttribute('data-unit', 'pts');
    expect(toggle).toHaveTextContent(new RegExp(`^4 ${title}$`));
    expect(screen.getByRole('tooltip', { hidden: true })).toHaveTextContent(`${title} · 2 pts`);
    await user.click(toggle);
    expect(onToggle).toHaveBeenCalledWith(3);
    await user.click(screen.getByRole('button', { name: 'Edit cell 4' }));
    expect(onEdit).toHaveBeenCalledWith(3);
  });

  it('an empty cell shows its number only', () => {
    const { container } = renderCell(cell('', 0));
    expect(screen.getByRole('button', { name: 'Cell 4' })).toHaveTextContent(/^4$/);
    expect(container.querySelector('.bingo-cell__points')).toBeNull();
    expect(container.querySelector('.bingo-cell__title')).toBeNull();
  });

  it('a ticked cell is pressed; one point reads "1 pt"', () => {
    const { container } = renderCell(cell('No revenge trade', 1, true));
    expect(container.querySelector('.bingo-cell__points')).toHaveAttribute('data-points', '1');
    expect(container.querySelector('.bingo-cell__points-unit')).toHaveAttribute('data-unit', 'pt');
    expect(screen.getByRole('tooltip', { hidden: true })).toHaveTextContent(
      'No revenge trade · 1 pt',
    );
    expect(
      screen.getByRole('button', { name: 'Cell 4: No revenge trade, 1 point', pressed: true }),
    ).toBeVisible();
  });

  it('repeats nothing in its description: the tooltip is for the eye, the keys come from the board', () => {
    renderCell(cell('Stop beyond structure', 2));
    const toggle = screen.getByRole('button', { name: 'Cell 4: Stop beyond structure, 2 points' });
    expect(toggle).not.toHaveAccessibleDescription();
    expect(screen.getByRole('tooltip', { hidden: true })).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it("is described by the element it is given (the board's keys)", () => {
    render(
      <>
        <p id="keys">Arrow keys move</p>
        <BingoCell
          cell={cell('My rule', 1)}
          index={0}
          onToggle={vi.fn()}
          onEdit={vi.fn()}
          tabStop
          describedBy="keys"
        />
      </>,
    );
    expect(
      screen.getByRole('button', { name: 'Cell 1: My rule, 1 point' }),
    ).toHaveAccessibleDescription('Arrow keys move');
  });
});
