import {
  canSaveTrade,
  formatRiskReward,
  parsePrice,
  riskTierFromScore,
  TARGET_DECIMALS,
  targetFromRiskReward,
} from '@tb/core';
import { useState } from 'react';
import { useBingoScore, useTradeActions } from '@/features/journal';

/** State of the trade form: side, prices as typed, and the target (computed or manual). */
export function useTradeForm() {
  const score = useBingoScore();
  const { save } = useTradeActions();
  const [isLong, setIsLong] = useState(false);
  const [stopLoss, setStopLoss] = useState('');
  const [entry, setEntry] = useState('');
  const [manualTarget, setManualTarget] = useState<string | null>(null);

  const riskReward = riskTierFromScore(score);
  const computed = targetFromRiskReward({ isLong, stopLoss, entry, riskReward });
  const computedText = computed === null ? '' : computed.toFixed(TARGET_DECIMALS);
  const target = manualTarget ?? computedText;
  const levels = { isLong, stopLoss, entry, target };

  return {
    isLong,
    setIsLong,
    stopLoss,
    setStopLoss,
    entry,
    setEntry,
    target,
    riskReward,
    manual: manualTarget !== null,
    /** Accepting "Would you like to manually set it?": start from the computed target. */
    enableManual: () => setManualTarget(computedText),
    /** Back to the computed target (recalculated from the current prices and tier). */
    disableManual: () => setManualTarget(null),
    setManualTarget,
    rr: formatRiskReward(levels),
    canSave: canSaveTrade(levels),
    submit: () => {
      if (!canSaveTrade(levels)) return;
      save({
        isLong,
        stopLoss: parsePrice(stopLoss) as number,
        entryPrice: parsePrice(entry) as number,
        takeProfit: parsePrice(target) as number,
        score,
      });
      setStopLoss('');
      setEntry('');
      setManualTarget(null);
    },
  };
}
