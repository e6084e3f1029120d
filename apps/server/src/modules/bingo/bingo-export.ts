import { boardScore, type BingoState } from '@tb/core';
import ExcelJS from 'exceljs';

/** The workbook of GET /api/bingo/export.xlsx: one sheet per board. */
export async function bingoWorkbook(state: BingoState): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Trading Bingo';
  const used = new Set<string>();
  for (const board of state.bingoPages) {
    const sheet = workbook.addWorksheet(sheetName(board.name, used));
    sheet.columns = [
      { header: 'Cell', key: 'cell', width: 8 },
      { header: 'Title', key: 'title', width: 40 },
      { header: 'Points', key: 'points', width: 10 },
      { header: 'Selected', key: 'selected', width: 10 },
    ];
    sheet.getRow(1).font = { bold: true };
    for (const cell of board.bingoCells) {
      sheet.addRow({
        cell: cell.id + 1,
        title: cell.title,
        points: cell.points,
        selected: cell.selected ? 'Yes' : 'No',
      });
    }
    sheet.addRow({});
    sheet.addRow({ title: 'Score (selected points)', points: boardScore(board.bingoCells) }).font =
      { bold: true };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Excel sheet names: at most 31 characters, no []:*?/\ and unique in the workbook. */
function sheetName(name: string, used: Set<string>): string {
  const base =
    name
      .replace(/[[\]:*?/\\]/g, ' ')
      .slice(0, 28)
      .trim() || 'Board';
  let candidate = base;
  for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${base} ${n}`;
  used.add(candidate.toLowerCase());
  return candidate;
}
