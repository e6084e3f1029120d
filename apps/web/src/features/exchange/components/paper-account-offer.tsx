import { Button } from '@/components';
import './exchange.css';

export interface PaperAccountOfferProps {
  onTry: () => void;
  busy?: boolean;
  disabled?: boolean;
}

/** The one-click paper account: network paper, no keys (the server funds it, DESIGN.md). */
export function PaperAccountOffer({
  onTry,
  busy = false,
  disabled = false,
}: PaperAccountOfferProps) {
  return (
    <div className="paper-offer">
      <p className="paper-offer__text">
        <strong>New to Hyperliquid?</strong> Trade 10,000 paper USDC on the built-in paper exchange.
        No keys needed, nothing to lose.
      </p>
      <Button className="paper-offer__button" busy={busy} disabled={disabled} onClick={onTry}>
        {busy ? 'Creating paper account...' : 'Try with a paper account'}
      </Button>
    </div>
  );
}
