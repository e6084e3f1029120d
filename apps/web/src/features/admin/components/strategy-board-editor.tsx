import {
  BOARD_CELL_COUNT,
  CELL_POINTS_MAX,
  CELL_TITLE_MAX_LENGTH,
  STARTER_CELLS,
  type StrategyCell,
} from '@tb/core';
import { useId, useState } from 'react';
import { Button, TextField } from '@/components';

/** 25 empty cells: the board of a new strategy. */
export const emptyStrategyBoard = (): StrategyCell[] =>
  Array.from({ length: BOARD_CELL_COUNT }, () => ({ title: '', points: 0 }));

/**
 * The strategy's 25-cell board: a 5×5 grid of the cells (title and points), and under it the
 * fields of the cell picked, with previous and next. The grid stays five wide on a phone; only
 * one cell's fields show at a time, so nothing is cramped.
 */
export function BoardEditor({
  cells,
  onChange,
}: {
  cells: readonly StrategyCell[];
  onChange: (cells: StrategyCell[]) => void;
}) {
  const [picked, setPicked] = useState(0);
  const [pointsText, setPointsText] = useState<string | null>(null);
  const gridId = useId();
  const cell = cells[picked] ?? { title: '', points: 0 };
  const empty = cells.every((c) => c.title.trim() === '' && c.points === 0);

  const patch = (change: Partial<StrategyCell>) =>
    onChange(cells.map((c, i) => (i === picked ? { ...c, ...change } : c)));
  const pick = (index: number) => {
    setPicked((index + BOARD_CELL_COUNT) % BOARD_CELL_COUNT);
    setPointsText(null);
  };
  const points = pointsText ?? String(cell.points);
  const pointsValue = Number(points);
  const pointsError =
    points.trim() === '' ||
    !Number.isInteger(pointsValue) ||
    pointsValue < 0 ||
    pointsValue > CELL_POINTS_MAX
      ? `Points must be a whole number from 0 to ${CELL_POINTS_MAX}`
      : undefined;

  return (
    <fieldset className="strategy-board-editor">
      <legend className="strategy-board-editor__legend">Board (25 cells)</legend>
      <div className="strategy-board-editor__grid" role="group" aria-labelledby={gridId}>
        <span id={gridId} className="visually-hidden">
          Cells, pick one to edit
        </span>
        {cells.map((c, i) => (
          <button
            key={i}
            type="button"
            className={
              'strategy-board-editor__cell' +
              (i === picked ? ' is-picked' : '') +
              (c.title.trim() === '' ? ' is-empty' : '')
            }
            aria-pressed={i === picked}
            aria-label={`Cell ${i + 1}: ${c.title.trim() || 'empty'}, ${c.points} ${c.points === 1 ? 'point' : 'points'}`}
            onClick={() => pick(i)}
          >
            <span className="strategy-board-editor__title">{c.title.trim() || '—'}</span>
            <span className="strategy-board-editor__points">{c.points}</span>
          </button>
        ))}
      </div>
      <div className="strategy-board-editor__fields">
        <p className="strategy-board-editor__which" aria-live="polite">
          Cell {picked + 1} of {BOARD_CELL_COUNT}
        </p>
        <TextField
          label={`Cell ${picked + 1} title`}
          value={cell.title}
          maxLength={CELL_TITLE_MAX_LENGTH}
          onChange={(e) => patch({ title: e.target.value })}
        />
        <TextField
          label={`Cell ${picked + 1} points`}
          type="number"
          inputMode="numeric"
          min={0}
          max={CELL_POINTS_MAX}
          step={1}
          value={points}
          error={pointsError}
          onChange={(e) => {
            setPointsText(e.target.value);
            const n = Number(e.target.value);
            if (
              e.target.value.trim() !== '' &&
              Number.isInteger(n) &&
              n >= 0 &&
              n <= CELL_POINTS_MAX
            )
              patch({ points: n });
          }}
        />
        <div className="strategy-board-editor__nav">
          <Button type="button" variant="secondary" onClick={() => pick(picked - 1)}>
            Previous cell
          </Button>
          <Button type="button" variant="secondary" onClick={() => pick(picked + 1)}>
            Next cell
          </Button>
          {empty ? (
            <Button
              type="button"
              variant="ghost"
              onClick={() =>
                onChange(STARTER_CELLS.map(({ title, points: p }) => ({ title, points: p })))
              }
            >
              Start from the starter board
            </Button>
          ) : null}
        </div>
      </div>
    </fieldset>
  );
}
