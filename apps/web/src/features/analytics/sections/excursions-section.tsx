import { enoughSample, MIN_SAMPLE, type AnalyticsResponse } from '@tb/core';
import { showR, tradeCount } from '../format';
import { ValueBar } from './value-bar';
import './sections.css';

type Excursions = AnalyticsResponse['excursions'];

/** A depth bucket of the winners' MAE: '0 to 0.25R', '1R or more'. */
export function depthLabel({ from, to }: { from: number; to: number | null }): string {
  return to === null ? `${from}R or more` : `${from} to ${to}R`;
}

/** The sample rule's sentence, with how many there are so far. */
const notEnough = (what: string, count: number) =>
  `Not enough trades yet: ${MIN_SAMPLE} ${what} needed, ${count} so far.`;

/** "How far did winners go first against you": the median MAE and its distribution. */
function WinnersMae({ winners }: { winners: Excursions['winners'] }) {
  const largest = winners.maeDistribution.reduce((max, b) => Math.max(max, b.count), 0);
  return (
    <section className="an-card" aria-labelledby="an-winners-mae-title">
      <h3 id="an-winners-mae-title" className="an-card__title">
        How far did winners go against you first?
      </h3>
      {!enoughSample(winners.trades) ? (
        <p className="an-muted">{notEnough('winners with MFE / MAE', winners.trades)}</p>
      ) : (
        <>
          <p>
            Half of your {winners.trades} winners went no further than{' '}
            <strong>{showR(winners.medianMaeR)}</strong> against you before they paid (their median
            MAE).
          </p>
          <div className="table-scroll">
            <table className="data-table">
              <caption className="visually-hidden">
                Winners by how far they went against you
              </caption>
              <thead>
                <tr>
                  <th scope="col">Went against you</th>
                  <th scope="col" className="num">
                    Winners
                  </th>
                </tr>
              </thead>
              <tbody>
                {winners.maeDistribution.map((bucket) => (
                  <tr key={bucket.from}>
                    <th scope="row">{depthLabel(bucket)}</th>
                    <td className="num">
                      <div>
                        <ValueBar value={bucket.count} largest={largest} />
                        {bucket.count}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="an-muted">
            Winners that seldom go far against you say the stop has room to spare; many near −1R say
            it may be too tight, and losers might have been winners with a little more room.
          </p>
        </>
      )}
    </section>
  );
}

/** "What the next tier's target would have given": trades whose MFE reached target + 1R. */
function NextTarget({ next }: { next: Excursions['nextTarget'] }) {
  return (
    <section className="an-card" aria-labelledby="an-next-target-title">
      <h3 id="an-next-target-title" className="an-card__title">
        What the next tier&apos;s target would have given
      </h3>
      {!enoughSample(next.trades) ? (
        <p className="an-muted">{notEnough('closed trades with MFE / MAE', next.trades)}</p>
      ) : (
        <>
          <dl className="an-figures">
            <div className="an-figures__item">
              <dt className="an-figures__term">Reached their target</dt>
              <dd className="an-figures__value">
                {next.reachedTarget} of {tradeCount(next.trades)}
              </dd>
            </div>
            <div className="an-figures__item">
              <dt className="an-figures__term">Went on 1R further (the next tier&apos;s target)</dt>
              <dd className="an-figures__value">
                {next.reachedNext}: {showR(next.extraR)} more
              </dd>
            </div>
            <div className="an-figures__item">
              <dt className="an-figures__term">Reached the target, then came back below it</dt>
              <dd className="an-figures__value">{next.cameBack}</dd>
            </div>
          </dl>
          <p className="an-muted">
            A trade whose best price (MFE) reached its target plus 1R would have made one more R
            aiming for the next tier. Those that reached the target and came back are what a further
            target risks.
          </p>
        </>
      )}
    </section>
  );
}

/** MFE / MAE of the closed trades (issue 26): stops and targets against what the market did. */
export function ExcursionsSection({ excursions }: { excursions: Excursions }) {
  return (
    <section className="an-section" aria-labelledby="an-excursions-title">
      <h2 id="an-excursions-title" className="an-section__title">
        Excursions
      </h2>
      <p className="an-muted">
        How far the market went for you (MFE) and against you (MAE) while each trade was open, in R,
        from the market&apos;s candles.
        {excursions.missing > 0
          ? ` ${tradeCount(excursions.missing)} without them: a pair the exchange does not list, or not read yet.`
          : null}
      </p>
      <div className="an-grid">
        <WinnersMae winners={excursions.winners} />
        <NextTarget next={excursions.nextTarget} />
      </div>
    </section>
  );
}
