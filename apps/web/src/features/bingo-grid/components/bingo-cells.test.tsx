import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBoard } from '@tb/core';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BingoCells, CELL_KEYS_HELP, nextCellIndex } from './bingo-cells';

describe('nextCellIndex', () => {
  it.each([
    ['right', 'ArrowRight', 0, 1],
    ['left at the first cell stays', 'ArrowLeft', 0, 0],
    ['down one row', 'ArrowDown', 2, 7],
    ['down from the last row stays', 'ArrowDown', 22, 22],
    ['up one row', 'ArrowUp', 7, 2],
    ['Home', 'Home', 13, 0],
    ['End', 'End', 3, 24],
  ])('%s', (_scenario, key, from, to) => {
    expect(nextCellIndex(key, from, 25)).toBe(to);
  });

  it('ignores other keys', () => {
    expect(nextCellIndex('Tab', 3, 25)).toBeNull();
  });
});

function Board({ onEdit }: { onEdit: (index: number) => void }) {
  const [cells, setCells] = useState(createBoard('b1', 'Default Board').bingoCells);
  const toggle = (index: number) =>
    setCells((all) => all.map((c, i) => (i === index ? { ...c, selected: !c.selected } : c)));
  return (
    <>
      <button type="button">Before</button>
      <BingoCells cells={cells} boardName="Default Board" onToggle={toggle} onEdit={onEdit} />
      <button type="button">After</button>
    </>
  );
}

describe('BingoCells', () => {
  it('is one tab stop: Tab enters at one cell and leaves the board in one step', async () => {
    const user = userEvent.setup();
    render(<Board onEdit={vi.fn()} />);
    screen.getByRole('button', { name: 'Before' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cell 1' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    const focusable = screen
      .getAllByRole('button')
      .filter((button) => button.getAttribute('tabindex') !== '-1');
    expect(focusable.map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual([
      'Before',
      'Cell 1',
      'After',
    ]);
  });

  it('arrows, Home and End move; Enter and Space tick; Tab comes back to the last cell', async () => {
    const user = userEvent.setup();
    render(<Board onEdit={vi.fn()} />);
    screen.getByRole('button', { name: 'Cell 1' }).focus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    const seventh = screen.getByRole('button', { name: 'Cell 7' });
    expect(seventh).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(seventh).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard(' ');
    expect(seventh).toHaveAttribute('aria-pressed', 'false');
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Cell 25' })).toHaveFocus();
    await user.keyboard('{Home}{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Cell 6' })).toHaveFocus();
    await user.tab();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Cell 6' })).toHaveFocus();
  });

  it('E edits the focused cell', async () => {
    const user = userEvent.setup();
    const onEdit = vi.fn();
    render(<Board onEdit={onEdit} />);
    screen.getByRole('button', { name: 'Cell 1' }).focus();
    await user.keyboard('{ArrowRight}e');
    expect(onEdit).toHaveBeenCalledWith(1);
  });

  it.each([
    ['Ctrl+E', { key: 'e', ctrlKey: true }],
    ['Cmd+E', { key: 'e', metaKey: true }],
    ['Alt+E', { key: 'E', altKey: true }],
    ['Alt+ArrowRight', { key: 'ArrowRight', altKey: true }],
    ['Ctrl+End', { key: 'End', ctrlKey: true }],
  ])('leaves %s to the browser: no edit, no move, default not prevented', async (_name, init) => {
    const onEdit = vi.fn();
    render(<Board onEdit={onEdit} />);
    const first = screen.getByRole('button', { name: 'Cell 1' });
    first.focus();
    // fireEvent returns false when a handler called preventDefault.
    expect(fireEvent.keyDown(first, init)).toBe(true);
    expect(onEdit).not.toHaveBeenCalled();
    expect(first).toHaveFocus();
    expect(first).toHaveAttribute('tabindex', '0');
  });

  it('describes each cell by the keys only, not again by its title and points', () => {
    function SetBoard() {
      const cells = createBoard('b1', 'Default Board').bingoCells.map((c, i) =>
        i === 0 ? { ...c, title: 'Stop beyond structure', points: 2 } : c,
      );
      return (
        <BingoCells cells={cells} boardName="Default Board" onToggle={vi.fn()} onEdit={vi.fn()} />
      );
    }
    render(<SetBoard />);
    const cell = screen.getByRole('button', { name: 'Cell 1: Stop beyond structure, 2 points' });
    expect(cell).toHaveAccessibleDescription(CELL_KEYS_HELP);
    expect(cell).not.toHaveAccessibleDescription(/Stop beyond structure|point/);
    expect(screen.getByRole('button', { name: 'Cell 2' })).toHaveAccessibleDescription(
      CELL_KEYS_HELP,
    );
    // One shared description for the 25 cells.
    expect(screen.getAllByText(CELL_KEYS_HELP)).toHaveLength(1);
  });
});
