import { enoughSample, MIN_SAMPLE, type AnalyticsResponse } from '@tb/core';
import { showR, showWinRate, toneOf } from '../format';
import { INTERVAL_HEADER, IntervalFigure, overlaps } from './interval';

type Discipline = AnalyticsResponse['discipline'];
type Stats = Discipline['followedTier'];

interface Split {
  id: string;
  title: string;
  sides: [{ label: string; stats: Stats }, { label: string; stats: Stats }];
}

/** The three questions of DESIGN.md section 8, each a pair of sides. */
function splits(d: Discipline): Split[] {
  return [
    {
      id: 'tier',
      title: "The tier's R/R",
      sides: [
        { label: "At or above the tier's R/R", stats: d.followedTier },
        { label: "Below the tier's R/R", stats: d.belowTier },
      ],
    },
    {
      id: 'target',
      title: 'Where the target came from',
      sides: [
        { label: 'Target from the tier', stats: d.autoTarget },
        { label: 'Target set by hand', stats: d.manualTarget },
      ],
    },
    {
      id: 'streak',
      title: 'Losing streaks',
      sides: [
        { label: 'On a losing streak', stats: d.coldStreak },
        { label: 'The rest', stats: d.notColdStreak },
      ],
    },
  ];
}

/** Which side did better per trade, or why that cannot be said yet. */
export function verdict({ sides: [a, b] }: Split): string {
  if (!enoughSample(a.stats.trades, b.stats.trades)) {
    return `Not enough trades yet to compare (${MIN_SAMPLE} needed on each side).`;
  }
  const ra = a.stats.expectancyR ?? 0;
  const rb = b.stats.expectancyR ?? 0;
  if (ra === rb) return 'Both sides do the same per trade.';
  const [better, worse] = ra > rb ? [a, b] : [b, a];
  const said = `Better: ${better.label} (${showR(better.stats.expectancyR)} per trade against ${showR(worse.stats.expectancyR)}).`;
  return overlaps(a.stats.expectancyRCi, b.stats.expectancyRCi)
    ? `${said} The 95% ranges overlap: the difference may be chance.`
    : said;
}

function SplitTable({ split }: { split: Split }) {
  const titleId = `an-split-${split.id}`;
  return (
    <div className="an-split">
      <h4 id={titleId} className="an-split__title">
        {split.title}
      </h4>
      <div className="an-split__body">
        <div className="table-scroll">
          <table className="data-table data-table--stack an-split__table" aria-labelledby={titleId}>
            <thead>
              <tr>
                <th scope="col">Trades taken</th>
                <th scope="col" className="num">
                  Trades
                </th>
                <th scope="col" className="num">
                  Win rate
                </th>
                <th scope="col" className="num">
                  Expectancy
                </th>
                <th scope="col">{INTERVAL_HEADER}</th>
              </tr>
            </thead>
            <tbody>
              {split.sides.map(({ label, stats }) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td className="num" data-label="Trades">
                    {stats.trades}
                  </td>
                  <td className="num" data-label="Win rate">
                    {showWinRate(stats.winRate)}
                  </td>
                  <td
                    className={`num an-tone--${toneOf(stats.expectancyR) ?? 'none'}`}
                    data-label="Expectancy"
                  >
                    {showR(stats.expectancyR)}
                  </td>
                  <td data-label={INTERVAL_HEADER}>
                    <IntervalFigure
                      trades={stats.trades}
                      expectancyRCi={stats.expectancyRCi}
                      winRateCi={stats.winRateCi}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="an-split__verdict">{verdict(split)}</p>
      </div>
    </div>
  );
}

/** Trades that broke a rule against the rest: below the tier, a hand-set target, a cold streak. */
export function DisciplineSplits({ discipline }: { discipline: Discipline }) {
  return (
    <section className="an-card an-card--wide" aria-labelledby="an-splits-title">
      <h3 id="an-splits-title" className="an-card__title">
        Rules kept against rules bent
      </h3>
      <div className="an-splits">
        {splits(discipline).map((split) => (
          <SplitTable key={split.id} split={split} />
        ))}
      </div>
    </section>
  );
}
