import { useId } from 'react';
import { useLiveTradingEnabled, writeLiveTradingEnabled } from '@/features/exchange';

export const liveTradingSwitchTexts = {
  label: 'Live trading on the dashboard',
  on: "On: the bingo dashboard's risk sidebar sizes trades from this account's balance, and the trade idea widget lists its markets.",
  off: 'Off: the dashboard uses your own account and trade sizes; this page still trades.',
} as const;

/**
 * Turns the dashboard's exchange integration (exchange-state's liveTradingEnabled) on and off.
 * The dashboard and the top bar follow at once: exchange-state notifies its subscribers.
 */
export function LiveTradingSwitch() {
  const enabled = useLiveTradingEnabled();
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
          onChange={(event) => writeLiveTradingEnabled(event.target.checked)}
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
