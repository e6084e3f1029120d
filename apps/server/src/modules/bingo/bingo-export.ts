import { boardScore, type BingoBoard, type BingoState } from '@tb/core';
import type ExcelJS from 'exceljs';

/**
 * The workbook of GET /api/bingo/export.xlsx: one sheet per board, named after it as far as
 * Excel allows (see {@link sheetNames}); the board's own name is in the first row.
 */
export async function bingoWorkbook(state: BingoState): Promise<Buffer> {
  // Loaded on the first export: exceljs and its dependencies take 250 ms and more of the
  // event loop to load, which every start of the server paid before (issue 28).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = 'Trading Bingo';
  const names = sheetNames(state.bingoPages.map((board) => board.name));
  state.bingoPages.forEach((board, i) => addBoardSheet(workbook.addWorksheet(names[i]), board));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function addBoardSheet(sheet: ExcelJS.Worksheet, board: BingoBoard): void {
  sheet.columns = [{ width: 8 }, { width: 40 }, { width: 10 }, { width: 10 }, { width: 14 }];
  sheet.addRow(['Board', board.name]).font = { bold: true };
  sheet.addRow([]);
  sheet.addRow(['Cell', 'Title', 'Points', 'Selected', 'Script']).font = { bold: true };
  for (const cell of board.bingoCells) {
    // A script cell is ticked per trade by its script, never on the board: its id says which.
    const row = [cell.id + 1, cell.title, cell.points, cell.selected ? 'Yes' : 'No'];
    sheet.addRow(cell.script ? [...row, cell.script] : row);
  }
  sheet.addRow([]);
  sheet.addRow([null, 'Score (selected points)', boardScore(board.bingoCells)]).font = {
    bold: true,
  };
}

/** Excel's longest worksheet name, in UTF-16 units (as Excel and exceljs count). */
const MAX_SHEET_NAME = 31;
/** Excel reserves this name (in any case) for its change history. */
const RESERVED_SHEET_NAME = 'history';

/**
 * Worksheet names for boards named `names`, one each, in order. Excel refuses (and exceljs
 * throws, which answered 500) names with []:*?/\, an apostrophe at either end, more than 31
 * characters, 'History', or one already used in any case. Such characters become spaces,
 * apostrophes at the ends go, long names are cut (never inside an emoji), 'History' becomes
 * 'History board', an empty name 'Board', and a repeated one gets ' (2)', ' (3)'...
 */
export function sheetNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const base = baseSheetName(name);
    let candidate = base;
    for (let n = 2; used.has(candidate.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      candidate = `${tidy(cut(base, MAX_SHEET_NAME - suffix.length))}${suffix}`;
    }
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

function baseSheetName(name: string): string {
  // Control characters cannot be written in the sheet list either.
  // eslint-disable-next-line no-control-regex
  const cleaned = tidy(name.replace(/[[\]:*?/\\\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' '));
  const short = tidy(cut(cleaned, MAX_SHEET_NAME));
  if (!short) return 'Board';
  return short.toLowerCase() === RESERVED_SHEET_NAME ? `${short} board` : short;
}

/** Without spaces and apostrophes at either end. */
function tidy(name: string): string {
  return name.replace(/^[\s']+|[\s']+$/g, '');
}

/** At most `max` UTF-16 units, cut between characters, never inside a surrogate pair. */
function cut(name: string, max: number): string {
  let result = '';
  for (const char of name) {
    if (result.length + char.length > max) break;
    result += char;
  }
  return result;
}
