import { describe, expect, it } from 'vitest';
import type { Trade } from '../schemas/trades.js';
import { TRADE_CSV_COLUMNS, tradesToCsv } from './csv.js';

const trade = {
  id: 't1',
  pair: 'ETHUSDT',
  isLong: false,
  entryPrice: 3000,
  stopLoss: 3100,
  takeProfit: 2700,
  riskRewardRatio: 3,
  notes: '=HYPERLINK("x"), "quoted"',
  status: 'TARGET_HIT',
  date: '2025-03-10T12:00:00.000Z',
  createdAt: '2025-03-10T12:00:00.000Z',
  profitLoss: 300,
  score: 5,
  tier: 1,
  cells: [{ index: 3, title: 'Stop, above structure', points: 2 }],
  targetManual: true,
  sizeUsd: 1000,
  quantity: 1 / 3,
  riskUsd: 33.333333,
  sizeEstimated: false,
  streakAtOpen: -1,
  accountSizeAtOpen: 10000,
  exitPrice: 2700,
  rMultiple: 3,
  pnlUsd: 100,
  closedAt: '2025-03-10T15:00:00.000Z',
} as Trade;

describe('tradesToCsv', () => {
  it('writes a header and one escaped line per trade', () => {
    const [header, line, end] = tradesToCsv([trade]).split('\r\n');
    expect(header).toBe(TRADE_CSV_COLUMNS.join(','));
    expect(end).toBe('');
    expect(line).toBe(
      [
        't1',
        '2025-03-10T12:00:00.000Z',
        '2025-03-10T15:00:00.000Z',
        'ETHUSDT',
        'SHORT',
        'TARGET_HIT',
        '3000',
        '3100',
        '2700',
        '2700',
        '3',
        '1000',
        String(1 / 3),
        '33.333333',
        '3',
        '100',
        '300',
        '5',
        '1',
        '"4 Stop, above structure (2 pts)"',
        'true',
        'false',
        '-1',
        '10000',
        `"'=HYPERLINK(""x""), ""quoted"""`,
      ].join(','),
    );
  });

  it('leaves unknown facts of older trades empty', () => {
    const line = tradesToCsv([
      { ...trade, cells: null, streakAtOpen: null, status: 'OPEN', pnlUsd: null, notes: '' },
    ]).split('\r\n')[1];
    expect(line?.split(',').slice(19, 20)).toEqual(['']);
    expect(line?.endsWith(',,10000,')).toBe(true);
  });

  it('defuses a formula after any separator, whatever the locale splits on (issue 29)', () => {
    const notesOf = (notes: string) => tradesToCsv([{ ...trade, notes }]).split('\r\n')[1]!;
    // Excel in a `;` locale splits this line at the `;`: the part after it must not run.
    expect(notesOf("a;=cmd|' /C calc'!A0").endsWith(`,"a;'=cmd|' /C calc'!A0"`)).toBe(true);
    expect(notesOf('risk,-1R then\t+2R').endsWith(`,"risk,'-1R then\t'+2R"`)).toBe(true);
    expect(notesOf('@SUM(1)').endsWith(`,'@SUM(1)`)).toBe(true);
    // Plain text stays as it was typed.
    expect(notesOf('held to target').endsWith(',held to target')).toBe(true);
  });
});
