import { useRef, useState } from 'react';
import { Button } from '@/components';
import { LazyPremiumLock } from '@/components/lazy-premium-lock';

export const chatLockTexts = {
  message:
    'The chat is only available to premium users: rooms where premium traders talk trades and share plans.',
  note: 'Premium traders talk trades here: General and a room per coin, with shared trade plans.',
  unlock: 'Unlock the chat',
} as const;

/**
 * What free traders and visitors see instead of the chat: a note and the premium lock. On
 * /chat the lock opens by itself and leaves the page readable; in the dashboard panel it opens
 * from the button.
 */
export function ChatLock({ openAtStart }: { openAtStart: boolean }) {
  const [open, setOpen] = useState(openAtStart);
  const box = useRef<HTMLDivElement>(null);
  const focusUnlock = (event: Event) => {
    event.preventDefault();
    box.current?.querySelector('button')?.focus();
  };
  return (
    <div className="chat-lock" ref={box} role="note" aria-label="Premium feature">
      <p className="chat-lock__text">{chatLockTexts.note}</p>
      <Button onClick={() => setOpen(true)}>{chatLockTexts.unlock}</Button>
      <LazyPremiumLock
        open={open}
        onOpenChange={setOpen}
        message={chatLockTexts.message}
        modal={!openAtStart}
        onCloseAutoFocus={openAtStart ? focusUnlock : undefined}
      />
    </div>
  );
}
