import { Badge } from '@/components';

const LABELS = { long: 'Long', short: 'Short', buy: 'Buy', sell: 'Sell' } as const;

/** Long/buy in green, short/sell in red; the word is always shown, not only the colour. */
export function SideBadge({ side }: { side: keyof typeof LABELS }) {
  return <Badge tone={side === 'long' || side === 'buy' ? 'long' : 'short'}>{LABELS[side]}</Badge>;
}
