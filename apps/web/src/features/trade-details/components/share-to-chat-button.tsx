import { riskRewardRatio, roundTo, tradeLevels, type ChatPlan } from '@tb/core';
import { lazy, Suspense, useState } from 'react';
import { usePremium } from '@/features/auth';
import type { useTradeForm } from '../hooks/use-trade-form';

// The chat's dialog loads when first opened: the dashboard does not carry the chat's code.
const ShareToChatDialog = lazy(() =>
  import('@/features/chat').then((m) => ({ default: m.ShareToChatDialog })),
);

/** The planned trade as the chat's plan card, or null while its prices do not make a trade. */
export function planOfForm(form: ReturnType<typeof useTradeForm>): ChatPlan | null {
  const input = {
    isLong: form.isLong,
    stopLoss: form.stopLoss,
    entry: form.entry,
    target: form.target,
  };
  const levels = tradeLevels(input);
  const ratio = riskRewardRatio(input);
  if (levels === null || ratio === null) return null;
  return {
    pair: form.pair.pair,
    isLong: form.isLong,
    entryPrice: levels.entry,
    stopLoss: levels.stopLoss,
    takeProfit: levels.target,
    riskRewardRatio: roundTo(ratio, 2),
    tier: `${form.riskReward}R/R`,
    size: form.preview ? roundTo(form.preview.sizeUsd, 2) : null,
  };
}

/** "Share to chat" (premium traders only): the plan as a card in a chat room. */
export function ShareToChatButton({ form }: { form: ReturnType<typeof useTradeForm> }) {
  const premium = usePremium();
  const [open, setOpen] = useState(false);
  if (!premium) return null;
  const plan = planOfForm(form);
  return (
    <>
      <button
        type="button"
        className="trade-form__history"
        disabled={plan === null}
        title={plan === null ? 'Enter a stoploss, an entry and a target first' : undefined}
        onClick={() => setOpen(true)}
      >
        Share to chat
      </button>
      <Suspense fallback={null}>
        {open && plan ? <ShareToChatDialog plan={plan} onClose={() => setOpen(false)} /> : null}
      </Suspense>
    </>
  );
}
