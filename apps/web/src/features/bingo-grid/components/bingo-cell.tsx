import { cellTooltip, type BingoCell as Cell } from '@tb/core';
import { Lock, Pencil } from 'lucide-react';
import { memo, useId } from 'react';
import { scriptCellTexts, type ScriptCellState } from './script-cell-state';

export interface BingoCellProps {
  cell: Cell;
  index: number;
  onToggle: (index: number) => void;
  onEdit: (index: number) => void;
  /** The board's one tab stop (roving tab index): this cell is the one Tab lands on. */
  tabStop: boolean;
  /** The id of the board's description of the keys (the name already says title and points). */
  describedBy?: string;
  /** A script cell's state for the planned trade (scriptCellState); absent for an own cell. */
  script?: ScriptCellState | null;
}

/** Titles from this length get the smaller type, so a 40-character practice fits a cell. */
const LONG_TITLE = 18;

const pointsText = (points: number) => `${points} ${points === 1 ? 'point' : 'points'}`;
const ptsUnit = (points: number) => (points === 1 ? 'pt' : 'pts');

/**
 * What a screen reader says for a cell: 'Cell 4' when it is empty, else
 * 'Cell 4: Stop beyond structure, 2 points'.
 */
export function cellLabel(cell: Pick<Cell, 'title' | 'points'>, index: number): string {
  const tip = cellTooltip(cell);
  const empty = cell.title.trim() === '' && tip.points === 0;
  return empty ? `Cell ${index + 1}` : `Cell ${index + 1}: ${tip.title}, ${pointsText(tip.points)}`;
}

/**
 * One numbered cell: the cell itself toggles (click, Enter, Space: it is a button with
 * aria-pressed); the pencil opens the edit dialog (from the keyboard: E on the cell; the
 * pencil is out of the tab order, so the board is one tab stop). It shows its number, its points and its
 * title wrapped over as many lines as the cell holds. Memoised: toggling one cell re-renders
 * only that cell, since core keeps the other cells' objects. Its visible text (number, a
 * space, title) is part of its accessible name (WCAG 2.5.3); the points badge is drawn by CSS
 * from data attributes, so '2 pts' is not text the name would have to repeat word for word.
 * The hover tooltip repeats title and points for the eye only (aria-hidden); the cell is
 * described by the board's line about the keys (`describedBy`), so nothing is read twice.
 */
export const BingoCell = memo(function BingoCell(props: BingoCellProps) {
  return props.script ? (
    <ScriptBingoCell {...props} script={props.script} />
  ) : (
    <OwnBingoCell {...props} />
  );
});

/**
 * A script cell: the script ticks it for the planned trade, never a click or a key (it is
 * aria-disabled, and says why). It shows a Script badge, whether the script ticked it, and, in
 * a tooltip that focus opens as hover does (and that describes it to screen readers), the
 * value the script saw, the data it used and its rule.
 */
function ScriptBingoCell({
  cell,
  index,
  onEdit,
  tabStop,
  describedBy,
  script,
}: BingoCellProps & { script: ScriptCellState }) {
  const tipId = useId();
  const classes = ['bingo-cell', 'is-script', `is-script-${script.status}`];
  if (script.status === 'ticked') classes.push('is-selected');
  const title = cell.title.trim();
  return (
    <div className={classes.join(' ')}>
      <button
        type="button"
        className="bingo-cell__toggle"
        data-cell-index={index}
        tabIndex={tabStop ? 0 : -1}
        aria-disabled="true"
        aria-label={`${cellLabel(cell, index)}, script cell: ${script.badge}`}
        aria-describedby={[tipId, describedBy].filter(Boolean).join(' ')}
        // The script ticks it: a click or Enter changes nothing.
        onClick={(event) => event.preventDefault()}
      >
        <span className="bingo-cell__head" aria-hidden="true">
          <span className="bingo-cell__number">{index + 1}</span>
          <span className="bingo-cell__script-badge">
            {script.status === 'locked' ? <Lock size={9} aria-hidden="true" /> : null}
            {script.status === 'ticked' ? '✓ ' : null}
            {scriptCellTexts.badge}
          </span>
          <span className="bingo-cell__points" data-points={cell.points}>
            <span className="bingo-cell__points-unit" data-unit={ptsUnit(cell.points)} />
          </span>
        </span>{' '}
        <span
          className={title.length >= LONG_TITLE ? 'bingo-cell__title is-long' : 'bingo-cell__title'}
          aria-hidden="true"
        >
          {title}
        </span>
        {/* Ticked or not shows in the cell's colours; the states that count nothing say so. */}
        {script.status === 'ticked' || script.status === 'not-ticked' ? null : (
          <span className="bingo-cell__script-state" aria-hidden="true">
            {script.badge}
          </span>
        )}
      </button>
      <button
        type="button"
        className="bingo-cell__edit"
        aria-label={`Edit cell ${index + 1}`}
        tabIndex={-1}
        onClick={() => onEdit(index)}
      >
        <Pencil aria-hidden="true" size={12} />
      </button>
      <span role="tooltip" id={tipId} className="bingo-cell__tooltip bingo-cell__script-tip">
        {script.description} {scriptCellTexts.handTick}.
      </span>
    </div>
  );
}

/** A trader's own cell: a toggle. */
function OwnBingoCell({ cell, index, onToggle, onEdit, tabStop, describedBy }: BingoCellProps) {
  const tip = cellTooltip(cell);
  const title = cell.title.trim();
  const classes = ['bingo-cell'];
  if (cell.selected) classes.push('is-selected');
  if (title === '' && tip.points === 0) classes.push('is-empty');
  return (
    <div className={classes.join(' ')}>
      <button
        type="button"
        className="bingo-cell__toggle"
        data-cell-index={index}
        tabIndex={tabStop ? 0 : -1}
        aria-pressed={cell.selected}
        aria-label={cellLabel(cell, index)}
        aria-describedby={describedBy}
        onClick={() => onToggle(index)}
      >
        <span className="bingo-cell__head" aria-hidden="true">
          <span className="bingo-cell__number">{index + 1}</span>
          {tip.points > 0 ? (
            <span className="bingo-cell__points" data-points={tip.points}>
              <span className="bingo-cell__points-unit" data-unit={ptsUnit(tip.points)} />
            </span>
          ) : null}
        </span>{' '}
        {title ? (
          <span
            className={
              title.length >= LONG_TITLE ? 'bingo-cell__title is-long' : 'bingo-cell__title'
            }
            aria-hidden="true"
          >
            {title}
          </span>
        ) : null}
      </button>
      <button
        type="button"
        className="bingo-cell__edit"
        aria-label={`Edit cell ${index + 1}`}
        tabIndex={-1}
        onClick={() => onEdit(index)}
      >
        <Pencil aria-hidden="true" size={12} />
      </button>
      {/* For the eye on hover: its title and points are already in the cell's name. */}
      <span role="tooltip" className="bingo-cell__tooltip" aria-hidden="true">
        {tip.title} · {tip.points} {ptsUnit(tip.points)}
      </span>
    </div>
  );
}
