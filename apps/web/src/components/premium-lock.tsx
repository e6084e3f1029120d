import { premiumLockTexts } from '@tb/core';
import { useNavigate } from 'react-router';
import { Button } from './button';
import { Dialog } from './dialog';
import { PremiumFeatureList } from './premium-feature-list';
import './premium-lock.css';

export interface PremiumLockProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Why the lock appeared; defaults to 'This feature is only available to premium users'. */
  message?: string;
  /** false: the page under the lock stays readable (see Dialog). */
  modal?: boolean;
  /** Where focus goes when the lock closes (see Dialog). */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * The premium lock (SPEC.md section 2): shown when a free or anonymous user reaches a premium
 * feature. It lists what premium brings (each feature in one line) and leads to /payment.
 */
export function PremiumLock({
  open,
  onOpenChange,
  message,
  modal,
  onCloseAutoFocus,
}: PremiumLockProps) {
  const navigate = useNavigate();
  const upgrade = () => {
    onOpenChange(false);
    void navigate(premiumLockTexts.href);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      modal={modal}
      onCloseAutoFocus={onCloseAutoFocus}
      title={premiumLockTexts.title}
      size="md"
      description={message ?? premiumLockTexts.defaultMessage}
    >
      <section className="premium-lock" aria-labelledby="premium-lock-features">
        <h3 id="premium-lock-features" className="premium-lock__heading">
          Premium includes
        </h3>
        <PremiumFeatureList />
      </section>
      <Button className="premium-lock__upgrade" onClick={upgrade}>
        {premiumLockTexts.button}
      </Button>
    </Dialog>
  );
}
