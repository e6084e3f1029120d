import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass, Card } from '@/components';
import {
  exchangeKeys,
  ExchangePremiumLock,
  LazyHyperliquidConnectionDialog,
} from '@/features/exchange';

export const notConnectedTexts = {
  heading: 'No exchange connected',
  body: 'Connect your Hyperliquid account, or open a paper account to practise without risk, to see your balance, positions and orders and to trade from here.',
  action: 'Connect an exchange',
  connect: 'Connect Hyperliquid',
} as const;

/**
 * The empty state of the page when the user has no exchange connection: the guided setup, or
 * the Hyperliquid Connection modal right here. Once connected, the page shows the trading desk
 * (the connections are read again; no reload).
 */
export function NotConnected() {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  return (
    <Card as="section" className="not-connected">
      <h2 className="table-section__title">{notConnectedTexts.heading}</h2>
      <p>{notConnectedTexts.body}</p>
      <div className="not-connected__actions">
        <Button onClick={() => setOpen(true)}>{notConnectedTexts.connect}</Button>
        <Link to="/exchange-connect" className={buttonClass('secondary')}>
          {notConnectedTexts.action}
        </Link>
      </div>
      <LazyHyperliquidConnectionDialog
        open={open}
        onOpenChange={setOpen}
        onConnected={() => void client.invalidateQueries({ queryKey: exchangeKeys.connections })}
      />
      <ExchangePremiumLock />
    </Card>
  );
}
