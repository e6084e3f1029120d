import { Link } from 'react-router';
import { Badge } from '@/components';
import { useExchangeConnection } from '../hooks/use-exchange-connection';
import { connectionLabel } from '../labels';

/**
 * The current exchange connection ('Hyperliquid', 'Hyperliquid · Paper'), linking to the live
 * trading page; nothing when signed out or not connected. Mounting it loads the connections
 * (SPEC.md section 4: start-up with a token loads them).
 */
export function ConnectionBadge({ className }: { className?: string }) {
  const { current, liveTradingEnabled } = useExchangeConnection();
  if (!current) return null;
  const label = connectionLabel(current);
  return (
    <Link
      to="/hyperliquid-test"
      className={className}
      aria-label={`Exchange: ${label}${liveTradingEnabled ? ', live trading on' : ''}`}
    >
      <Badge tone={current.network === 'mainnet' || !current.network ? 'long' : 'info'}>
        {label}
      </Badge>
    </Link>
  );
}
