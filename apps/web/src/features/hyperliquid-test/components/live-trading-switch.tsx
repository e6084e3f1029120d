import { useId } from 'react';
import { useLiveTradingEnabled, useSetLiveTrading } from '@/features/exchange';

export const liveTradingSwitchTexts = {
  label: 'Live trading on the dashboard',
  on: "On: the bingo dashboard's risk sidebar sizes trades from this account's balance, and the trade idea widget lists its markets.",
  off: 'Off: the dashboard uses your own account and trade sizes; this page still trades.',
} as const;

/**
 * Turns the dashboard's exchange integration on and off for the user (kept on the server, so
 * every browser has the same choice). The dashboard and the top bar follow at once.
 */
export function LiveTradingSwitch() {
  const enabled = useLiveTradingEnabled();
  const setLiveTrading = useSetLiveTrading();
  const hint = useId();
  return (
    <div className="live-switch">
      <label className="live-switch__label">
        <input
          type="checkbox"
          role="switch"
          className="live-switch__input"
          checked={enabled}
          aria-describedby={hint}
          onChange={(event) => setLiveTrading.mutate(event.target.checked)}
        />
        <span className="live-switch__track" aria-hidden="true" />
        {liveTradingSwitchTexts.label}
      </label>
      <p className="live-switch__hint" id={hint}>
        {enabled ? liveTradingSwitchTexts.on : liveTradingSwitchTexts.off}
      </p>
    </div>
  );
}
