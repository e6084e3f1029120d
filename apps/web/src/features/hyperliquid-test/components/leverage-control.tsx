import type { LeverageType } from '@tb/core';
import { Button, TextField } from '@/components';
import type { OrderLeverage } from '../hooks/use-order-leverage';
import type { TradingActions } from '../hooks/use-trading-actions';
import { formatUsdCents } from '@/lib/format';
import { formatLeverage } from '../lib/format';
import { Segmented } from './segmented';

const MODES = [
  ['cross', 'Cross'],
  ['isolated', 'Isolated'],
] as const;

const modeOf = (isCross: boolean): LeverageType => (isCross ? 'cross' : 'isolated');

export const leverageTexts = {
  notSet: 'Not set on this page yet: sent before your order',
  sentWithOrder: (leverage: string) => `Changes to ${leverage} before your order`,
} as const;

export interface LeverageControlProps {
  leverage: OrderLeverage;
  actions: TradingActions;
  /** Margin the order takes at the chosen leverage, in dollars (null while unknown). */
  marginUsd: number | null;
}

/**
 * The order's leverage (1 to the market's maximum) and margin mode, what the exchange applies
 * now, and the margin the order takes. Set sends it at once; placing an order sends it first
 * when it differs from what the exchange applies.
 */
export function LeverageControl({ leverage, actions, marginUsd }: LeverageControlProps) {
  const { applied, request, pending } = leverage;
  const chosen = request ? formatLeverage(request.leverage, modeOf(request.isCross)) : null;
  return (
    <fieldset className="leverage-control">
      <legend className="field__label">Leverage</legend>
      <div className="leverage-control__inputs">
        <TextField
          label={`Leverage (1–${leverage.max}x)`}
          type="number"
          inputMode="numeric"
          min={1}
          max={leverage.max}
          step={1}
          value={leverage.value}
          onChange={(event) => leverage.setValue(event.target.value)}
          error={leverage.error ?? undefined}
        />
        <Segmented
          label="Margin mode"
          options={MODES}
          value={modeOf(leverage.isCross)}
          onChange={(mode) => leverage.setIsCross(mode === 'cross')}
        />
        <Button
          type="button"
          variant="secondary"
          aria-label="Set leverage"
          disabled={request === null}
          busy={actions.settingLeverage}
          onClick={() => request && actions.setLeverage(request)}
        >
          Set
        </Button>
      </div>
      <p className="leverage-control__applied">
        Exchange applies:{' '}
        <output aria-label="Leverage applied">
          {applied ? formatLeverage(applied.leverage, modeOf(applied.isCross)) : '—'}
        </output>
        {applied === null ? (
          <span className="leverage-control__note"> {leverageTexts.notSet}</span>
        ) : pending && chosen ? (
          <span className="leverage-control__note"> {leverageTexts.sentWithOrder(chosen)}</span>
        ) : null}
      </p>
      <p className="leverage-control__margin">
        Margin:{' '}
        <output aria-label="Order margin">
          {marginUsd === null ? '—' : formatUsdCents(marginUsd)}
        </output>
        {request ? (
          <span className="leverage-control__note"> (order value ÷ {request.leverage})</span>
        ) : null}
      </p>
    </fieldset>
  );
}
