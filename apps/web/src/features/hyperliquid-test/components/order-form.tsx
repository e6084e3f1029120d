import { ORDER_PRICE_STEP, ORDER_SIZE_STEP } from '@tb/core';
import { useId, type FormEvent } from 'react';
import { Alert, Button, Card, TextField } from '@/components';
import { MIN_ORDER_VALUE_USD, useOrderForm } from '../hooks/use-order-form';
import type { TradingActions } from '../hooks/use-trading-actions';
import { formatUsdCents } from '@/lib/format';
import { LeverageControl } from './leverage-control';
import { Segmented } from './segmented';
import { SymbolField } from './symbol-field';

const SIDES = [
  ['buy', 'Buy'],
  ['sell', 'Sell'],
] as const;
const TYPES = [
  ['limit', 'Limit'],
  ['market', 'Market'],
] as const;

export interface OrderFormProps {
  actions: TradingActions;
  /**
   * Why new positions cannot be opened now (the session ended); null while they can. Only
   * reduce-only orders go then.
   */
  lockReason?: string | null;
  /** The connection private calls name (its positions give the leverage applied). */
  connectionId?: string | null;
}

/** Places a limit or market order on the connected account (checked with core's rules first). */
export function OrderForm({ actions, lockReason = null, connectionId = null }: OrderFormProps) {
  const form = useOrderForm(actions, lockReason, connectionId);
  const belowMinimum = form.notional !== null && form.notional < MIN_ORDER_VALUE_USD;
  const blocked = lockReason !== null && !form.reduceOnly;
  const lockId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };

  return (
    <Card as="section" className="order-panel">
      <h2 className="table-section__title" id="order-form-title">
        Place order
      </h2>
      <form className="order-form" onSubmit={submit} noValidate aria-labelledby="order-form-title">
        <SymbolField
          value={form.symbol}
          onChange={form.setSymbol}
          livePrice={form.livePrice}
          priceError={form.priceError}
        />
        <div className="order-form__pair">
          <Segmented label="Side" options={SIDES} value={form.side} onChange={form.setSide} />
          <Segmented
            label="Order type"
            options={TYPES}
            value={form.orderType}
            onChange={form.setOrderType}
          />
        </div>
        <div className="order-form__pair">
          <TextField
            label="Size"
            type="number"
            inputMode="decimal"
            min={ORDER_SIZE_STEP}
            step={ORDER_SIZE_STEP}
            placeholder="0.00"
            value={form.size}
            onChange={(event) => form.setSize(event.target.value)}
          />
          {form.isLimit ? (
            <TextField
              label="Price"
              type="number"
              inputMode="decimal"
              min={ORDER_PRICE_STEP}
              step={ORDER_PRICE_STEP}
              placeholder="0.00"
              value={form.price}
              onChange={(event) => form.setPrice(event.target.value)}
            />
          ) : null}
        </div>
        <LeverageControl leverage={form.leverage} actions={actions} marginUsd={form.margin} />
        <label className="check">
          <input
            type="checkbox"
            checked={form.reduceOnly}
            onChange={(event) => form.setReduceOnly(event.target.checked)}
          />
          Reduce only
        </label>
        <p
          className={
            belowMinimum ? 'order-form__value order-form__value--low' : 'order-form__value'
          }
        >
          Order value:{' '}
          <output aria-label="Order value">
            {form.notional === null ? '—' : formatUsdCents(form.notional)}
          </output>
          <span className="order-form__minimum">
            {belowMinimum ? 'Below the $10 minimum: ' : ''}Hyperliquid accepts orders worth $10 or
            more.
          </span>
        </p>
        {form.error ? <Alert tone="error">{form.error}</Alert> : null}
        {lockReason !== null ? (
          <p className="order-form__locked" id={lockId}>
            {blocked ? lockReason : `${lockReason} Reduce-only orders still go.`}
          </p>
        ) : null}
        <Button
          type="submit"
          busy={actions.placing}
          disabled={blocked}
          aria-describedby={lockReason !== null ? lockId : undefined}
        >
          {form.side === 'buy' ? 'Place buy order' : 'Place sell order'}
        </Button>
      </form>
    </Card>
  );
}
