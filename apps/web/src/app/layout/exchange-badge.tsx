import { Badge } from '@/components';
import { readCurrentExchange } from '@/lib/session';

/** The stored current exchange may be a plain id or a JSON object with a name or id. */
export function exchangeLabel(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'string') return value || null;
    if (typeof value === 'object' && value !== null) {
      const { name, id } = value as Record<string, unknown>;
      if (typeof name === 'string' && name) return name;
      if (typeof id === 'string' && id) return id;
      return null;
    }
  } catch {
    // not JSON: a plain id such as "hyperliquid"
  }
  return raw;
}

/** Shows the connected exchange; nothing when none is stored. */
export function ExchangeBadge() {
  const label = exchangeLabel(readCurrentExchange());
  if (!label) return null;
  return (
    <span className="topbar__exchange">
      <Badge tone="long">
        <span className="visually-hidden">Exchange: </span>
        {label}
      </Badge>
    </span>
  );
}
