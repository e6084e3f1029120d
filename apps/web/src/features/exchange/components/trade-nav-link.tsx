import { ChartCandlestick } from 'lucide-react';
import { NavLink } from 'react-router';
import { useExchangeConnection } from '../hooks/use-exchange-connection';

export interface TradeNavLinkProps {
  className: (state: { isActive: boolean }) => string;
}

/**
 * The top bar's "Trade" entry, leading to the trading page (SPEC.md's /hyperliquid-test):
 * shown only while an exchange is connected, as a list item of the main navigation.
 */
export function TradeNavLink({ className }: TradeNavLinkProps) {
  const { current } = useExchangeConnection();
  if (!current) return null;
  return (
    <li>
      <NavLink to="/hyperliquid-test" className={className}>
        <ChartCandlestick size={16} aria-hidden="true" />
        Trade
      </NavLink>
    </li>
  );
}
