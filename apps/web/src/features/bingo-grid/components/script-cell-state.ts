import {
  formatScriptValue,
  scriptBoardMessages,
  scriptCellById,
  type BingoCell,
  type ScriptCellValue,
} from '@tb/core';
import type { ScriptCellsView } from '@/features/bingo-script';

/** What a script cell shows for the planned trade. */
export interface ScriptCellState {
  status: 'ticked' | 'not-ticked' | 'no-data' | 'loading' | 'locked';
  /** The short line on the cell: 'Ticked', 'Not ticked', 'No data', 'Checking…', 'Locked'. */
  badge: string;
  /** The sentence for the tooltip and screen readers: the result, the data used and the rule. */
  description: string;
}

/** Texts of the script cells on the board. */
export const scriptCellTexts = {
  badge: 'Script',
  ticked: 'Ticked',
  notTicked: 'Not ticked',
  noData: scriptBoardMessages.noData,
  loading: 'Checking…',
  locked: 'Locked',
  handTick: scriptBoardMessages.handTick,
} as const;

/** A detail as a sentence: with its full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

const valueText = (cell: ScriptCellValue) =>
  cell.value === null ? '' : ` (${formatScriptValue(cell.value)} ${cell.unit})`;

/**
 * How a board cell carrying a script shows now: ticked or not by the script for the planned
 * trade (with the value it saw and the data it used), no data when the market data could not be
 * read, checking while it loads, locked when the plan no longer has script cells. Null for a
 * trader's own cell.
 */
export function scriptCellState(cell: BingoCell, view: ScriptCellsView): ScriptCellState | null {
  if (cell.script === undefined) return null;
  const rule = `Rule: ${scriptCellById(cell.script)?.rule ?? ''}`;
  const trade =
    view.status === 'none' || view.status === 'locked'
      ? ''
      : ` for ${view.pair} ${view.isLong ? 'long' : 'short'}`;
  switch (view.status) {
    case 'locked':
    case 'none':
      return {
        status: 'locked',
        badge: scriptCellTexts.locked,
        description: `${scriptBoardMessages.lapsed} ${rule}`,
      };
    case 'loading':
      return {
        status: 'loading',
        badge: scriptCellTexts.loading,
        description: `The script is reading the market${trade}. ${rule}`,
      };
    case 'error':
      return {
        status: 'no-data',
        badge: scriptCellTexts.noData,
        description: `No data: the market data${trade} could not be read, so this cell counts nothing. ${rule}`,
      };
    case 'ready': {
      const found = view.cells[cell.script];
      if (!found) {
        return {
          status: 'no-data',
          badge: scriptCellTexts.noData,
          description: `No data${trade}. ${rule}`,
        };
      }
      const ticked = found.ticked;
      return {
        status: ticked ? 'ticked' : 'not-ticked',
        badge: ticked ? scriptCellTexts.ticked : scriptCellTexts.notTicked,
        description: `${ticked ? 'Ticked' : 'Not ticked'} by the script${trade}${valueText(found)}. ${sentence(found.detail)} ${rule}`,
      };
    }
  }
}
