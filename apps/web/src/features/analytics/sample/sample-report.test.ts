import { MIN_SAMPLE } from '@tb/core';
import { describe, expect, it } from 'vitest';
import { sampleReport } from './sample-report';

// The sample must tell the story the page is about, and stay the same from day to day.
describe('the sample report behind the lock', () => {
  const report = sampleReport('UTC');

  it('counts 38 closed trades (15 won, 22 lost, 1 breakeven) and 2 open', () => {
    expect(report.summary.trades).toBe(38);
    expect(report.summary.wins).toBe(15);
    expect(report.summary.losses).toBe(22);
    expect(report.openTrades).toBe(2);
    // 15 wins: 3+4+5+4+1.5+3+3+3+2.5+3+4+3+5+2+4 = 50R; 22 losses: -22R.
    expect(report.summary.totalR).toBe(28);
  });

  it('shows waiting for the candle close paying, and one cell with too few trades', () => {
    const edge = (title: string) => report.byCell.find((row) => row.title === title);
    expect(edge('Waited for the candle close')?.edgeR).toBeGreaterThan(0);
    const thin = edge('Size worked out from the stop');
    expect(thin?.tradesWith).toBe(3);
    expect(thin?.tradesWith).toBeLessThan(MIN_SAMPLE);
  });

  it('does worse with targets set by hand and on losing streaks', () => {
    const d = report.discipline;
    expect(d.manualTarget.expectancyR).toBeLessThan(d.autoTarget.expectancyR ?? 0);
    // 12 trades on a losing streak: 2 won (+3R, +2.5R), 10 lost: (5.5 - 10) / 12 = -0.375R.
    expect(d.coldStreak.trades).toBe(12);
    expect(d.coldStreak.expectancyR).toBe(-0.375);
    expect(d.notColdStreak.expectancyR).toBeGreaterThan(0);
    expect(d.belowTier.expectancyR).toBeLessThan(d.followedTier.expectancyR ?? 0);
  });

  it('fills the Excursions panel: every closed trade has MFE and MAE', () => {
    expect(report.excursions.trades).toBe(38);
    expect(report.excursions.missing).toBe(0);
    expect(report.excursions.winners.trades).toBe(15);
    expect(report.excursions.winners.medianMaeR).not.toBeNull();
    expect(report.excursions.nextTarget.reachedNext).toBeGreaterThan(0);
  });

  it('offers its pairs and its one board as filter options', () => {
    expect(report.options).toEqual({
      pairs: ['BTCUSDT', 'DOGEUSDT', 'ETHUSDT', 'SOLUSDT'],
      boards: [{ id: 'sample-board', name: 'Starter board' }],
    });
  });
});
