import {
  CreateTradeRequestSchema,
  formatRiskReward,
  parsePrice,
  positionRisk,
  riskTierFromScore,
  TARGET_DECIMALS,
  targetFromRiskReward,
  tradeLevelsError,
} from '@tb/core';
import { useState } from 'react';
import { useBingoScore, useRisk, useTradeActions } from '@/features/journal';
import { useTradeSizing } from '@/features/risk-sidebar';
import { readTradeIdea, useTradingPair } from '@/features/trade-idea';
import { readSize, sideOfLevels, type SizeReading } from './trade-form-rules';

/** What the form shows before saving: the position, what it risks, and its R/R. */
export interface TradePreview {
  sizeUsd: number;
  riskUsd: number;
  /** Risk as a percentage of the account on screen; null without an account size. */
  riskPct: number | null;
  accountSizeUsd: number;
}

/** State of the trade form: side, prices as typed, target (computed or manual) and size. */
export function useTradeForm() {
  const score = useBingoScore();
  const { save } = useTradeActions();
  const { lock, isLoading } = useRisk();
  const { sizing, maxSizeUsd } = useTradeSizing();
  const tradingPair = useTradingPair();
  const [isLong, setIsLong] = useState(false);
  const [stopLoss, setStopLoss] = useState('');
  const [entry, setEntry] = useState('');
  const [manualTarget, setManualTarget] = useState<string | null>(null);
  const [sizeText, setSizeText] = useState('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const riskReward = riskTierFromScore(score);
  const computed = targetFromRiskReward({ isLong, stopLoss, entry, riskReward });
  const computedText = computed === null ? '' : computed.toFixed(TARGET_DECIMALS);
  const target = manualTarget ?? computedText;
  const levels = { isLong, stopLoss, entry, target };
  const levelsError = tradeLevelsError(levels);
  const size: SizeReading = readSize(sizeText, maxSizeUsd);
  const entryPrice = parsePrice(entry);
  const stopPrice = parsePrice(stopLoss);
  const suggestedSide = sideOfLevels(stopPrice, entryPrice);

  let preview: TradePreview | null = null;
  if (levelsError === null && size.sizeUsd !== null) {
    const { riskUsd } = positionRisk(size.sizeUsd, entryPrice as number, stopPrice as number);
    const accountSizeUsd = sizing.accountSizeUsd;
    preview = {
      sizeUsd: size.sizeUsd,
      riskUsd,
      riskPct: accountSizeUsd > 0 ? (riskUsd / accountSizeUsd) * 100 : null,
      accountSizeUsd,
    };
  }
  const blockedBy = lock.ended ? lock.message : null;
  const canSave = preview !== null && blockedBy === null && !isLoading && !saving;

  const clearPrices = () => {
    setStopLoss('');
    setEntry('');
    setManualTarget(null);
    setSizeText('');
  };

  const submit = async () => {
    if (!canSave || !preview) return;
    const parsed = CreateTradeRequestSchema.safeParse({
      pair: tradingPair.pair,
      isLong,
      stopLoss: stopPrice,
      entryPrice,
      takeProfit: parsePrice(target),
      notes: readTradeIdea(),
      sizeUsd: preview.sizeUsd,
      // Set by hand: the trader typed a target other than the tier's.
      targetManual: manualTarget !== null && target !== computedText,
    });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Invalid trade');
    setProblem(null);
    setSaving(true);
    const { status: _status, score: _score, date: _date, ...trade } = parsed.data;
    const saved = await save(trade);
    setSaving(false);
    // The pair stays (it is the trade idea's); the prices are cleared for the next trade.
    if (saved) clearPrices();
  };

  return {
    pair: tradingPair,
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
    sizeText,
    setSizeText,
    size,
    maxSizeUsd,
    preview,
    rr: formatRiskReward(levels),
    /** The other side, when the stop and entry only make sense for it ('Did you mean Long?'). */
    otherSide: suggestedSide !== null && suggestedSide !== isLong ? suggestedSide : null,
    /** Why the three prices cannot be saved, once all three are typed. */
    levelsProblem: stopLoss && entry && target ? levelsError : null,
    problem,
    blockedBy,
    saving,
    canSave,
    submit,
  };
}
