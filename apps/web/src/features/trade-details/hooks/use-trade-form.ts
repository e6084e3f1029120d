import {
  CreateTradeRequestSchema,
  formatRiskReward,
  parsePrice,
  positionRisk,
  riskTierFromScore,
  MAX_PRICE_DECIMALS,
  targetFromRiskReward,
  tradeLevelsError,
  type LiveOrderRequest,
} from '@tb/core';
import { useEffect, useState } from 'react';
import { useScriptPoints, writePlannedSide } from '@/features/bingo-script';
import {
  useBingoScore,
  usePlaceTrade,
  useRisk,
  useTradeActions,
  type NewTrade,
} from '@/features/journal';
import { useTradeSizing } from '@/features/risk-sidebar';
import { readTradeIdea, useTradingPair } from '@/features/trade-idea';
import { formatInputNumber } from '@/lib/format';
import { readSize, sideOfLevels, type SizeReading } from './trade-form-rules';

/** What the form shows before saving: the position, what it risks, and its R/R. */
export interface TradePreview {
  sizeUsd: number;
  riskUsd: number;
  /** Risk as a percentage of the account on screen; null without an account size. */
  riskPct: number | null;
  accountSizeUsd: number;
}

export const tradeFormMessages = {
  notReady: 'Enter the stoploss, the entry and a size within the suggested one first',
} as const;

/** State of the trade form: side, prices as typed, target (computed or manual) and size. */
export function useTradeForm() {
  // The board's score with the script cells the script ticked for this pair and side.
  const score = useBingoScore() + useScriptPoints();
  const { save } = useTradeActions();
  const { place } = usePlaceTrade();
  const { lock, isLoading } = useRisk();
  const { sizing, maxSizeUsd, sizedFrom } = useTradeSizing();
  const tradingPair = useTradingPair();
  const [isLong, setIsLong] = useState(false);
  // The board's script cells are ticked for the side planned here.
  useEffect(() => writePlannedSide(isLong), [isLong]);
  const [stopLoss, setStopLoss] = useState('');
  const [entry, setEntry] = useState('');
  const [manualTarget, setManualTarget] = useState<string | null>(null);
  const [sizeText, setSizeText] = useState('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const riskReward = riskTierFromScore(score);
  const computed = targetFromRiskReward({ isLong, stopLoss, entry, riskReward });
  // '64000', not '64000.0000': the target's own decimals (4, or the prices' up to 6), no
  // trailing zeros.
  const computedText = computed === null ? '' : formatInputNumber(computed, MAX_PRICE_DECIMALS);
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

  /** The trade to send, checked by core's schema; otherwise the problem (also shown). */
  const request = (): NewTrade | string => {
    if (!canSave || !preview) return tradeFormMessages.notReady;
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
      // Sized from this connection's balance: the server reads the same one.
      connectionId: sizedFrom ?? undefined,
    });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'Invalid trade';
      setProblem(message);
      return message;
    }
    setProblem(null);
    const { status: _status, score: _score, date: _date, order: _order, ...trade } = parsed.data;
    return trade;
  };

  const submit = async () => {
    const trade = request();
    if (typeof trade === 'string') return;
    setSaving(true);
    const saved = await save(trade);
    setSaving(false);
    // The pair stays (it is the trade idea's); the prices are cleared for the next trade.
    if (saved) clearPrices();
  };

  /**
   * Places the trade on the exchange as a bracket: null when placed (the prices are cleared),
   * else the message to show. Same checks as Save.
   */
  const placeLive = async (order: LiveOrderRequest): Promise<string | null> => {
    const trade = request();
    if (typeof trade === 'string') return trade;
    setSaving(true);
    const refusal = await place(trade, order);
    setSaving(false);
    if (refusal === null) clearPrices();
    return refusal;
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
    placeLive,
  };
}
