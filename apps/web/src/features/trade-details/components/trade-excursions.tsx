import { EXCURSIONS_EXPLANATION, excursionsText, type Trade } from '@tb/core';

/**
 * A closed trade's MFE and MAE (issue 26) in one compact line, "MFE +1.8R · MAE −0.4R": how far
 * the market went for and against it while it was open. Nothing while OPEN, or before the
 * server has read them (or when its market is unknown).
 */
export function TradeExcursions({ trade }: { trade: Pick<Trade, 'status' | 'mfeR' | 'maeR'> }) {
  const { status, mfeR, maeR } = trade;
  if (status === 'OPEN' || mfeR === null || maeR === null) return null;
  return (
    <p className="trade-row__excursions" title={EXCURSIONS_EXPLANATION}>
      {excursionsText({ mfeR, maeR })}
      <span className="visually-hidden"> ({EXCURSIONS_EXPLANATION})</span>
    </p>
  );
}
