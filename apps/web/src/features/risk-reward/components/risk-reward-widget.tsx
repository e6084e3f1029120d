import {
  BINGO_TOOLTIP,
  formatScore,
  isBingo,
  isTierBoxReached,
  MAX_SCORE,
  riskTierFromScore,
  TIER_BOXES,
} from '@tb/core';
import { useScriptPoints } from '@/features/bingo-script';
import { useBingoScore } from '@/features/journal';
import './risk-reward.css';

/**
 * Score out of 20 and the three tier boxes (6/20 = 2R/R, 11/20 = 3R/R, 16/20 = 4R/R); the
 * animated BINGO at 20 or more. Reads only the score, so toggling a cell that does not change
 * it does not re-render this widget. Script cells count when their script ticked them for the
 * planned pair and side.
 */
export function RiskRewardWidget() {
  // The ticked cells' points and those of the script cells the script ticked for the plan.
  const score = useBingoScore() + useScriptPoints();
  const tier = riskTierFromScore(score);
  return (
    <div className="risk-reward">
      <p className="risk-reward__score">
        <span className="visually-hidden">Score </span>
        <output aria-live="polite">{formatScore(score)}</output>
      </p>
      <p className="risk-reward__tier">Allowed: {tier}R/R</p>
      <ul className="risk-reward__tiers" aria-label="Risk tiers">
        {TIER_BOXES.map((box) => {
          const reached = isTierBoxReached(score, box);
          return (
            <li
              key={box.tier}
              className={reached ? 'risk-reward__box is-reached' : 'risk-reward__box'}
              aria-current={reached && tier === box.tier ? 'true' : undefined}
            >
              {box.minScore}/{MAX_SCORE} = {box.label}
              {reached ? <span className="visually-hidden"> (reached)</span> : null}
            </li>
          );
        })}
      </ul>
      {isBingo(score) ? (
        <button type="button" className="risk-reward__bingo" aria-describedby="bingo-tip">
          BINGO
          <span role="tooltip" id="bingo-tip" className="risk-reward__bingo-tip">
            {BINGO_TOOLTIP}
          </span>
        </button>
      ) : null}
    </div>
  );
}
