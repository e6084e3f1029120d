import { defaultBingoState, type BingoState } from '@tb/core';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { authed, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';
import { bingoWorkbook, sheetNames } from './bingo-export.js';

/** A state with one board per name, the first cell of each titled after its board. */
function boards(names: string[]): BingoState {
  const base = defaultBingoState('b0', Date.UTC(2025, 0, 1));
  const template = base.bingoPages[0]!;
  return {
    ...base,
    bingoPages: names.map((name, i) => ({
      id: `b${i}`,
      name,
      bingoCells: template.bingoCells.map((cell) => ({ ...cell, title: `${name} ${cell.id}` })),
    })),
  };
}

/** The sheets of an .xlsx file, read with exceljs (its types predate Node's generic Buffer). */
async function sheetsOf(file: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  return workbook.worksheets;
}

const readBack = async (state: BingoState) => sheetsOf(await bingoWorkbook(state));

/** Excel's rules for a worksheet name. */
function expectValidSheetName(name: string) {
  expect(name.length).toBeGreaterThan(0);
  expect(name.length).toBeLessThanOrEqual(31);
  expect(name).not.toMatch(/[[\]:*?/\\]/);
  expect(name).not.toMatch(/^'|'$/);
  expect(name.toLowerCase()).not.toBe('history');
  expect(new TextDecoder().decode(new TextEncoder().encode(name))).toBe(name);
}

const AWKWARD = [
  'History',
  'history',
  "'Quoted'",
  "Trader's board",
  '"Double" quotes',
  'a/b:c*d?[e]\\f',
  '[]:*?/\\',
  "''",
  'x'.repeat(50),
  `${'y'.repeat(30)}'tail`,
  '🚀'.repeat(20),
  `${'z'.repeat(30)}🚀`,
  'Scalps',
  'Scalps',
  'scalps',
  'SCALPS',
  'Board',
  '   ',
];

describe('board export worksheet names', () => {
  it('makes every awkward board name a valid, unique worksheet name', () => {
    const names = sheetNames(AWKWARD);
    expect(names).toHaveLength(AWKWARD.length);
    names.forEach(expectValidSheetName);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
  });

  it('keeps ordinary names as they are and tells duplicates apart by number', () => {
    expect(sheetNames(['Scalps', 'Swing trades', 'Été 東京'])).toEqual([
      'Scalps',
      'Swing trades',
      'Été 東京',
    ]);
    expect(sheetNames(['Scalps', 'scalps', 'Scalps'])).toEqual([
      'Scalps',
      'scalps (2)',
      'Scalps (3)',
    ]);
    expect(sheetNames(['History'])).toEqual(['History board']);
    expect(sheetNames(["'Quoted'"])).toEqual(['Quoted']);
    expect(sheetNames(['a/b:c'])).toEqual(['a b c']);
    expect(sheetNames(['[]'])).toEqual(['Board']);
  });

  it('cuts long names at 31 characters without splitting an emoji, also with a number', () => {
    const [long, longAgain] = sheetNames(['🚀'.repeat(20), '🚀'.repeat(20)]);
    expect(long).toBe('🚀'.repeat(15));
    expect(longAgain).toBe(`${'🚀'.repeat(13)} (2)`);
  });

  it('writes a workbook for such boards, with each board’s real name in its sheet', async () => {
    const sheets = await readBack(boards(AWKWARD));
    expect(sheets.map((s) => s.name)).toEqual(sheetNames(AWKWARD));
    sheets.forEach((sheet, i) => {
      expect(sheet.getCell('A1').value).toBe('Board');
      expect(sheet.getCell('B1').value).toBe(AWKWARD[i]);
    });
  });

  it('keeps the cells, the points and the score of each board', async () => {
    const state = boards(['Scalps']);
    const cells = state.bingoPages[0]!.bingoCells;
    cells[0] = { ...cells[0]!, points: 4, selected: true };
    cells[24] = { ...cells[24]!, title: 'Control \u0001 char', points: 2, selected: true };
    cells[5] = {
      ...cells[5]!,
      title: 'Volume above its 20-candle average',
      points: 1,
      script: 'volume-up',
    };
    const [sheet] = await readBack(state);
    const rows = sheet!.getSheetValues().slice(1) as unknown[][];
    expect(rows[2]).toEqual([undefined, 'Cell', 'Title', 'Points', 'Selected', 'Script']);
    expect(rows[3]).toEqual([undefined, 1, 'Scalps 0', 4, 'Yes']);
    expect(rows[8]).toEqual([
      undefined,
      6,
      'Volume above its 20-candle average',
      1,
      'No',
      'volume-up',
    ]);
    expect(rows[27]?.[1]).toBe(25);
    expect(rows.at(-1)).toEqual([undefined, undefined, 'Score (selected points)', 6]);
  });
});

describeEachDatabase('GET /api/bingo/export.xlsx with awkward board names', (ctx) => {
  it('answers the workbook (it answered 500 for "History" and quoted names)', async () => {
    const user = await register(ctx.app);
    await ctx.database.db.update(users).set({ isPaidUser: true }).where(eq(users.id, user.id));
    const card = (await authed(ctx.app, user.token, 'GET', '/api/bingo/card')).json().data;
    const names = ['History', "'Quoted'", 'Scalps', 'scalps', 'a/b:c*d?[e]', '🚀'.repeat(25)];
    const template = card.bingoPages[0];
    const saved = await authed(ctx.app, user.token, 'POST', '/api/bingo/card', {
      ...card,
      bingoPages: names.map((name, i) => ({ ...template, id: `board-${i}`, name })),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await authed(ctx.app, user.token, 'GET', '/api/bingo/export.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    const sheets = await sheetsOf(res.rawPayload);
    expect(sheets.map((s) => s.name)).toEqual(sheetNames(names));
    expect(sheets.map((s) => s.getCell('B1').value)).toEqual(names);
  });
});
