import { useRef, useState } from 'react';
import { Button } from '@/components';
import { LazyPremiumLock } from '@/components/lazy-premium-lock';

export const strategyLockTexts = {
  message:
    'The monthly strategy is only available to premium users: a strategy and its 25-cell board every month, with an archive.',
  note: 'Premium traders get a strategy and its board every month, loaded onto their boards in one click.',
  unlock: 'Unlock the monthly strategy',
} as const;

/**
 * What free traders and visitors see instead of the strategy pages: a note and the premium
 * lock, open at the start and leaving the page readable.
 */
export function StrategyLock() {
  const [open, setOpen] = useState(true);
  const box = useRef<HTMLDivElement>(null);
  return (
    <div className="strategy-lock" ref={box} role="note" aria-label="Premium feature">
      <p className="strategy-lock__text">{strategyLockTexts.note}</p>
      <Button onClick={() => setOpen(true)}>{strategyLockTexts.unlock}</Button>
      <LazyPremiumLock
        open={open}
        onOpenChange={setOpen}
        message={strategyLockTexts.message}
        modal={false}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          box.current?.querySelector('button')?.focus();
        }}
      />
    </div>
  );
}
