import { cellTooltip, type BingoCell as Cell } from '@tb/core';
import { memo } from 'react';

export interface BingoCellProps {
  cell: Cell;
  index: number;
  onToggle: (index: number) => void;
  onEdit: (index: number) => void;
}

/**
 * One numbered cell: the cell itself toggles (click, Enter, Space: it is a button with
 * aria-pressed); the pencil opens the edit dialog. Memoised: toggling one cell re-renders
 * only that cell, since core keeps the other cells' objects.
 */
export const BingoCell = memo(function BingoCell({
  cell,
  index,
  onToggle,
  onEdit,
}: BingoCellProps) {
  const tip = cellTooltip(cell);
  const tipId = `bingo-cell-tip-${index}`;
  return (
    <div className={cell.selected ? 'bingo-cell is-selected' : 'bingo-cell'}>
      <button
        type="button"
        className="bingo-cell__toggle"
        aria-pressed={cell.selected}
        aria-label={`Cell ${index + 1}`}
        aria-describedby={tipId}
        onClick={() => onToggle(index)}
      >
        <span className="bingo-cell__number" aria-hidden="true">
          {index + 1}
        </span>
        {cell.title ? <span className="bingo-cell__title">{cell.title}</span> : null}
      </button>
      <button
        type="button"
        className="bingo-cell__edit"
        aria-label={`Edit cell ${index + 1}`}
        onClick={() => onEdit(index)}
      >
        <span aria-hidden="true">✎</span>
      </button>
      <span role="tooltip" id={tipId} className="bingo-cell__tooltip">
        {tip.title} · {tip.points} pts
      </span>
    </div>
  );
});
