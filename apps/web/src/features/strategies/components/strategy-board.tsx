import type { StrategyCell } from '@tb/core';
import './strategies.css';

/** A strategy's board, read only: the 25 cells in a 5×5 grid with their points. */
export function StrategyBoard({ board, label }: { board: readonly StrategyCell[]; label: string }) {
  return (
    <ol className="strategy-board" aria-label={label}>
      {board.map((cell, i) => (
        <li
          key={i}
          className={cell.title ? 'strategy-board__cell' : 'strategy-board__cell is-empty'}
        >
          <span className="strategy-board__title">{cell.title || 'Empty'}</span>
          <span className="strategy-board__points">
            {cell.points} {cell.points === 1 ? 'pt' : 'pts'}
          </span>
        </li>
      ))}
    </ol>
  );
}
