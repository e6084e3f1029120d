import type { Trade } from '@tb/core';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { usePriceFormat } from '@/features/exchange';
import { useLiveTradeActions, type LiveAction } from '@/features/journal';
import { formatUsd } from '@/lib/format';
import './live-trading.css';

/** The visible words of a placed trade on its Trade History card (prices already written). */
export const liveTexts = {
  venue: 'Hyperliquid',
  limit: 'Limit',
  market: 'Market',
  entryResting: (px: string) => `Entry resting at ${px}`,
  entryFilled: (px: string) => `Entry filled at ${px}`,
  takeProfitResting: (px: string) => `TP resting at ${px}`,
  stopResting: (px: string, moved: boolean) => `SL resting at ${px}${moved ? ' (moved)' : ''}`,
  closedByExchange: (px: string) => `Closed by the exchange at ${px}`,
  fees: (usd: number) => `fees ${formatUsd(usd)}`,
  funding: (usd: number) =>
    usd < 0 ? `funding paid ${formatUsd(-usd)}` : `funding received ${formatUsd(usd)}`,
  closingOnExchange: 'Closed on the exchange: updating...',
  closedByHand: 'Closed here by hand: recorded as unverified',
  verified: 'Verified',
  verifiedTitle: 'Closed from the exchange’s fills',
  cancelEntry: 'Cancel entry',
  cancellingEntry: 'Cancelling...',
  moveStop: 'Move stop to break-even',
  movingStop: 'Moving stop...',
  closeMarket: 'Close at market',
  closingMarket: 'Closing...',
  confirmCancelEntry:
    'Cancel the entry, take-profit and stop orders on Hyperliquid? The trade is removed from the journal.',
  confirmMoveStop: (px: string) =>
    `Move the stop on Hyperliquid to break-even at ${px}? R is still measured against your original stop.`,
  confirmCloseMarket:
    'Close the position on Hyperliquid with a market order? The trade is closed from the fill.',
  keep: 'Keep',
  handClose:
    'This trade is live on Hyperliquid. Closing it here does not close your position, and the trade will be recorded as unverified.',
  confirm: 'Confirm',
} as const;

/** The "Verified" badge of a trade closed from the exchange's fills. */
export function VerifiedBadge() {
  return (
    <span className="badge badge--long" title={liveTexts.verifiedTitle}>
      <Check aria-hidden="true" size={12} /> {liveTexts.verified}
      <span className="visually-hidden">: {liveTexts.verifiedTitle}</span>
    </span>
  );
}

/** Where a placed trade stands on the exchange, in words. */
export function LiveState({ trade }: { trade: Trade }) {
  // A placed trade's pair is the exchange's symbol: its prices at that market's precision.
  const priceOf = usePriceFormat();
  const px = (value: number) => priceOf(value, trade.pair);
  const live = trade.live;
  if (!live) return null;
  const lines: string[] = [];
  if (trade.status !== 'OPEN' || live.execution === 'closed') {
    if (trade.verified && trade.exitPrice !== null) {
      const fees = trade.feesUsd === null ? '' : ` · ${liveTexts.fees(trade.feesUsd)}`;
      const funding = trade.fundingUsd ? ` · ${liveTexts.funding(trade.fundingUsd)}` : '';
      lines.push(`${liveTexts.closedByExchange(px(trade.exitPrice))}${fees}${funding}`);
    } else {
      lines.push(trade.status === 'OPEN' ? liveTexts.closingOnExchange : liveTexts.closedByHand);
    }
  } else {
    const stop = live.stopPrice ?? trade.stopLoss;
    const moved = live.stopPrice !== null && live.stopPrice !== trade.stopLoss;
    lines.push(
      live.execution === 'resting'
        ? liveTexts.entryResting(px(trade.entryPrice))
        : liveTexts.entryFilled(px(live.filledPrice ?? trade.entryPrice)),
      `${liveTexts.takeProfitResting(px(trade.takeProfit))} · ${liveTexts.stopResting(px(stop), moved)}`,
    );
  }
  const type = live.orderType === 'market' ? liveTexts.market : liveTexts.limit;
  return (
    <div className="trade-row__live" role="group" aria-label="Live on Hyperliquid">
      <p className="trade-row__muted">
        {liveTexts.venue} · {type} · {live.leverage}x
      </p>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

type Kind = 'cancel' | 'stop' | 'close';

/**
 * The actions on an OPEN placed trade: Cancel entry while the entry rests, Move stop to
 * break-even and Close at market while the position is open. Each asks first, shows that it
 * is on its way, and the server's message when it fails.
 */
export function LiveActions({ trade }: { trade: Trade }) {
  const actions = useLiveTradeActions(trade);
  const priceOf = usePriceFormat();
  // What the confirmation asks stays while it closes; `open` says whether it is shown.
  const [asking, setAsking] = useState<Kind | null>(null);
  const [open, setOpen] = useState(false);
  const [last, setLast] = useState<Kind | null>(null);
  const live = trade.live;
  if (!live || trade.status !== 'OPEN') return null;
  const breakEven = live.filledPrice ?? trade.entryPrice;
  const byKind: Record<Kind, LiveAction> = {
    cancel: actions.cancelEntry,
    stop: actions.moveStopToBreakEven,
    close: actions.closeAtMarket,
  };
  const busy = Object.values(byKind).some((a) => a.pending);
  const error = last ? byKind[last].error : null;
  const atBreakEven = live.stopPrice !== null && live.stopPrice === breakEven;

  const button = (kind: Kind, label: string, pendingLabel: string, disabled = false) => (
    <button
      type="button"
      onClick={() => {
        setAsking(kind);
        setOpen(true);
      }}
      disabled={busy || disabled}
      aria-busy={byKind[kind].pending || undefined}
    >
      {byKind[kind].pending ? pendingLabel : label}
    </button>
  );
  const messages: Record<Kind, [string, string]> = {
    cancel: [liveTexts.confirmCancelEntry, liveTexts.cancelEntry],
    stop: [liveTexts.confirmMoveStop(priceOf(breakEven, trade.pair)), liveTexts.moveStop],
    close: [liveTexts.confirmCloseMarket, liveTexts.closeMarket],
  };
  const confirm = () => {
    if (!asking) return;
    setLast(asking);
    byKind[asking].run();
    setOpen(false);
  };

  return (
    <>
      {live.execution === 'resting'
        ? button('cancel', liveTexts.cancelEntry, liveTexts.cancellingEntry)
        : null}
      {live.execution === 'open' ? (
        <>
          {button('stop', liveTexts.moveStop, liveTexts.movingStop, atBreakEven)}
          {button('close', liveTexts.closeMarket, liveTexts.closingMarket)}
        </>
      ) : null}
      {error ? (
        <p className="trade-row__live-error" role="alert">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        message={asking ? messages[asking][0] : ''}
        confirmLabel={asking ? messages[asking][1] : liveTexts.confirm}
        cancelLabel={liveTexts.keep}
        onConfirm={confirm}
      />
    </>
  );
}
