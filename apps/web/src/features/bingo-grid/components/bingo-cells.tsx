import type { BingoCell as Cell } from '@tb/core';
import { forwardRef, useId, useState, type KeyboardEvent } from 'react';
import type { ScriptCellsView } from '@/features/bingo-script';
import { BingoCell } from './bingo-cell';
import { scriptCellState } from './script-cell-state';

/** Cells per row of the board (5 × 5). */
const ROW = 5;

/**
 * The cell a key moves to from `index` on a board of `count` cells, or null for other keys:
 * arrows by one cell or one row (stopping at the edges), Home and End the first and last cell.
 */
export function nextCellIndex(key: string, index: number, count: number): number | null {
  const target: Record<string, number> = {
    ArrowLeft: index - 1,
    ArrowRight: index + 1,
    ArrowUp: index - ROW,
    ArrowDown: index + ROW,
    Home: 0,
    End: count - 1,
  };
  const next = target[key];
  if (next === undefined) return null;
  return next < 0 || next >= count ? index : next;
}

/** Each cell's accessible description: the keys only (its name already has title and points). */
export const CELL_KEYS_HELP =
  'Arrow keys move between cells, Enter or Space ticks a cell, E edits it.';

export interface BingoCellsProps {
  cells: readonly Cell[];
  boardName: string;
  onToggle: (index: number) => void;
  onEdit: (index: number) => void;
  /** The script's answer for the planned trade (script cells show it); none: no script cells. */
  scripts?: ScriptCellsView;
}

/**
 * The 25 cells as one tab stop (a roving tab index): Tab enters the board at the last cell
 * used and leaves it in one step; arrows, Home and End move between cells; Enter or Space
 * ticks the cell; E edits it (keys with Ctrl, Cmd or Alt are left to the browser). Each cell
 * is described by one shared, visually hidden line that names these keys.
 */
export const BingoCells = forwardRef<HTMLDivElement, BingoCellsProps>(function BingoCells(
  { cells, boardName, onToggle, onEdit, scripts = { status: 'none' } },
  ref,
) {
  const [active, setActive] = useState(0);
  const helpId = useId();
  const current = Math.min(active, cells.length - 1);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Ctrl/Cmd+E, Alt+Arrow... are the browser's and the system's shortcuts: leave them be.
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target as HTMLElement;
    const index = Number(target.dataset.cellIndex);
    if (!target.dataset.cellIndex || Number.isNaN(index)) return;
    if (event.key === 'e' || event.key === 'E') {
      event.preventDefault();
      return onEdit(index);
    }
    const next = nextCellIndex(event.key, index, cells.length);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    const group = event.currentTarget;
    group.querySelector<HTMLElement>(`[data-cell-index="${next}"]`)?.focus();
  };

  return (
    <div
      ref={ref}
      className="bingo-grid__cells"
      role="group"
      aria-label={`Cells of ${boardName}`}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        const index = Number((event.target as HTMLElement).dataset.cellIndex);
        if (!Number.isNaN(index)) setActive(index);
      }}
    >
      <p id={helpId} className="visually-hidden">
        {CELL_KEYS_HELP}
      </p>
      {cells.map((cell, index) => (
        <BingoCell
          key={cell.id}
          cell={cell}
          index={index}
          tabStop={index === current}
          onToggle={onToggle}
          onEdit={onEdit}
          describedBy={helpId}
          script={scriptCellState(cell, scripts)}
        />
      ))}
    </div>
  );
});
