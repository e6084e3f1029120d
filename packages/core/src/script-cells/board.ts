import type { BingoCell, BingoState } from '../schemas/bingo.js';
import { scriptCellById, type ScriptCellId } from './catalogue.js';

/** What the script found for one cell of a planned trade: whether it ticks and what it saw. */
export interface ScriptTick {
  ticked: boolean;
  /** The number the script saw, in the catalogue entry's `valueUnit`; null without data. */
  value: number | null;
}

/** The script's findings for a planned trade by script cell; a cell left out ticks nothing. */
export type ScriptTicks = Partial<Record<ScriptCellId, ScriptTick>>;

/** Texts of the script cells on boards. */
export const scriptBoardMessages = {
  handTick: 'The script ticks this cell; it cannot be ticked by hand',
  fixedByScript:
    "A script cell's title and points come from its script: turn it back into your own cell to change them",
  premium: 'Script cells come with the quarterly and annual plans. Upgrade to add them to a board.',
  lapsed:
    'Your plan no longer includes script cells: they stay on the board but count nothing until you renew.',
  noData: 'No data',
} as const;

/**
 * A board cell as stored: a script cell takes its title and points from the catalogue and is
 * never stored ticked (the script ticks it per trade); a trader's own cell is left as it is.
 */
export function normaliseScriptCell(cell: BingoCell): BingoCell {
  if (cell.script === undefined) return cell;
  const script = scriptCellById(cell.script);
  if (!script) return cell;
  return { ...cell, title: script.label, points: script.points, selected: false };
}

/** Every board of a state with its script cells normalised ({@link normaliseScriptCell}). */
export function normaliseBoardScripts(state: BingoState): BingoState {
  return {
    ...state,
    bingoPages: state.bingoPages.map((board) => ({
      ...board,
      bingoCells: board.bingoCells.map(normaliseScriptCell),
    })),
  };
}

/** Whether any board of a state holds a script cell. */
export function hasScriptCells(cells: readonly Pick<BingoCell, 'script'>[]): boolean {
  return cells.some((cell) => cell.script !== undefined);
}

/**
 * Whether `incoming` puts a script cell where the stored state has none (or another one): a
 * board's cell is matched by the board's id and the cell's position. Script cells already
 * stored (a lapsed plan's) are not added, so a lapsed trader may still save the board.
 */
export function addsScriptCells(current: BingoState | null, incoming: BingoState): boolean {
  const stored = new Map(current?.bingoPages.map((board) => [board.id, board.bingoCells]) ?? []);
  return incoming.bingoPages.some((board) =>
    board.bingoCells.some(
      (cell, index) =>
        cell.script !== undefined && stored.get(board.id)?.[index]?.script !== cell.script,
    ),
  );
}

/**
 * A board's cells as the script ticked them for one trade: each script cell is selected only
 * when `ticks` says its script ticked (never on the client's word), with the catalogue's title
 * and points; the trader's own cells are unchanged. Empty `ticks` (no data, a lapsed plan)
 * tick no script cell.
 */
export function withScriptTicks(cells: readonly BingoCell[], ticks: ScriptTicks): BingoCell[] {
  return cells.map((cell) => {
    if (cell.script === undefined) return cell;
    const normal = normaliseScriptCell(cell);
    return { ...normal, selected: ticks[cell.script]?.ticked === true };
  });
}

/** A script's value as shown: 2 decimals, or 2 significant digits below 0.01. */
export function formatScriptValue(value: number): string {
  if (!Number.isFinite(value)) return '—';
  if (value !== 0 && Math.abs(value) < 0.01) return String(Number(value.toPrecision(2)));
  return String(Math.round(value * 100) / 100);
}

/**
 * How a trade's snapshot names a cell the script ticked: "Script: <label> (<value> <unit>)";
 * without a value just "Script: <label>". Null for a trader's own cell.
 */
export function scriptSnapshotText(cell: {
  script?: ScriptCellId | undefined;
  value?: number | null | undefined;
  title: string;
}): string | null {
  if (cell.script === undefined) return null;
  const script = scriptCellById(cell.script);
  const label = script?.label ?? cell.title;
  if (cell.value === undefined || cell.value === null || !script) return `Script: ${label}`;
  return `Script: ${label} (${formatScriptValue(cell.value)} ${script.valueUnit})`;
}
