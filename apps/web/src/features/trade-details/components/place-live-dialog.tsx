import { useQuery } from '@tanstack/react-query';
import { bracketCosts, priceSymbol, symbolBase, type LiveOrderRequest } from '@tb/core';
import { formatPrice, formatUsd } from '@/lib/format';
import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, TextField } from '@/components';
import { Dialog } from '@/components/dialog';
import { marketsQueryOptions } from '@/features/exchange';
import {
  defaultLeverage,
  estimatedLiquidationPrice,
  FALLBACK_MAX_LIVE_LEVERAGE,
  leverageRangeMessage,
  liquidationBeforeStop,
  marginUsd,
  readLeverage,
} from '../lib/live-order';
import { placeTexts } from './place-live-texts';
import './live-trading.css';

export interface PlannedTrade {
  pair: string;
  isLong: boolean;
  entryPrice: number;
  stopLoss: number;
  takeProfit: number;
  sizeUsd: number;
}

export interface PlaceLiveDialogProps {
  trade: PlannedTrade;
  /** Sends the bracket: null when placed, else the message to show. */
  onPlace: (order: LiveOrderRequest) => Promise<string | null>;
  onClose: () => void;
}

/**
 * Confirms a bracket before it goes to the exchange: order type, leverage (1 to the asset's
 * maximum), and the size, margin and estimated liquidation price it makes. A refusal shows the
 * server's message and the dialog stays open.
 */
export function PlaceLiveDialog({ trade, onPlace, onClose }: PlaceLiveDialogProps) {
  const markets = useQuery(marketsQueryOptions());
  const symbol = priceSymbol(trade.pair);
  const market = markets.data?.find((m) => m.symbol === symbol);
  const assetMax = market?.maxLeverage ?? null;
  // The prices as the exchange takes them: 5 significant figures, 6 − szDecimals decimals.
  const price = (value: number) => formatPrice(value, { szDecimals: market?.sizeDecimals });
  const max = assetMax ?? FALLBACK_MAX_LIVE_LEVERAGE;
  const [type, setType] = useState<LiveOrderRequest['type']>('limit');
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  const typeName = useId();
  const leverageText = typed ?? String(defaultLeverage(max));
  const leverage = readLeverage(leverageText, max);
  const margin = leverage === null ? null : marginUsd(trade.sizeUsd, leverage);
  const liquidation =
    leverage === null
      ? null
      : estimatedLiquidationPrice({
          isLong: trade.isLong,
          entry: trade.entryPrice,
          leverage,
          maxLeverage: assetMax,
        });
  const side = trade.isLong ? 'Long' : 'Short';
  const costs = bracketCosts({
    entry: trade.entryPrice,
    stop: trade.stopLoss,
    sizeUsd: trade.sizeUsd,
    type,
  });
  const coin = symbolBase(trade.pair) ?? trade.pair;
  const units = Number(costs.quantity.toFixed(market?.sizeDecimals ?? 6));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // React carries the event through the portal to Trade Details' own form: not a Save.
    event.stopPropagation();
    if (leverage === null || placing) return;
    setPlacing(true);
    setError(null);
    const refusal = await onPlace({ type, leverage });
    setPlacing(false);
    if (refusal === null) onClose();
    else setError(refusal);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !placing && onClose()}
      title={placeTexts.title}
      description={`${side} ${trade.pair} · entry ${price(trade.entryPrice)} · stop ${price(trade.stopLoss)} · target ${price(trade.takeProfit)}`}
    >
      <form className="stack live-order" onSubmit={submit} noValidate aria-label="Place order">
        {error ? <Alert tone="error">{error}</Alert> : null}
        <fieldset className="live-order__types">
          <legend className="field__label">{placeTexts.orderType}</legend>
          {(
            [
              ['limit', placeTexts.limit],
              ['market', placeTexts.market],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="live-order__type">
              <input
                type="radio"
                name={typeName}
                value={value}
                checked={type === value}
                onChange={() => setType(value)}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <TextField
          label={placeTexts.leverage(max)}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          value={leverageText}
          onChange={(e) => setTyped(e.target.value)}
          error={leverage === null ? leverageRangeMessage(max) : undefined}
        />
        <dl className="live-order__facts" aria-label="Order summary" aria-live="polite">
          <div>
            <dt>{placeTexts.size}</dt>
            <dd>{formatUsd(trade.sizeUsd)}</dd>
          </div>
          <div>
            <dt>{placeTexts.quantity}</dt>
            <dd>
              {units} {coin}
            </dd>
          </div>
          <div>
            <dt>{placeTexts.riskAtStop}</dt>
            <dd>{formatUsd(costs.riskAtStopUsd)}</dd>
          </div>
          <div>
            <dt>{placeTexts.fees}</dt>
            <dd>{formatUsd(costs.entryFeeUsd + costs.stopFeeUsd)}</dd>
          </div>
          <div>
            <dt>{placeTexts.margin}</dt>
            <dd>{margin === null ? '—' : formatUsd(margin)}</dd>
          </div>
          <div>
            <dt>{placeTexts.liquidation}</dt>
            <dd>{liquidation === null ? '—' : price(liquidation)}</dd>
          </div>
        </dl>
        <p className="live-order__note">
          {placeTexts.feesDetail(
            formatUsd(costs.entryFeeUsd),
            formatUsd(costs.stopFeeUsd),
            type === 'limit',
          )}
          .{' '}
          {placeTexts.riskAtStopNote(
            formatUsd(costs.entryFeeUsd + costs.stopFeeUsd),
            formatUsd(costs.stopSlippageUsd),
          )}
        </p>
        <p className="live-order__note">{placeTexts.liquidationNote}</p>
        {liquidationBeforeStop(trade.isLong, liquidation, trade.stopLoss) ? (
          <Alert tone="warning">{placeTexts.liquidationBeforeStop}</Alert>
        ) : null}
        <div className="row">
          <Button type="submit" busy={placing} disabled={leverage === null}>
            {placing ? placeTexts.placing : placeTexts.submit}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={placing}>
            {placeTexts.cancel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
