import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import './dialog.css';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Visible heading; also the dialog's accessible name. */
  title: string;
  description?: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md';
  /**
   * false: the page around stays readable and usable (no overlay, no focus trap), e.g. a lock
   * over a page that stays in view. Default true.
   */
  modal?: boolean;
  /** Where focus goes when the dialog closes (Radix returns it to a trigger, if there is one). */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * A press in the notification region (its Undo, its dismiss cross) is not a click outside the
 * dialog: the dialog stays open. Radix reports a press outside at its click, when the pressed
 * notification may already be gone from the page: its own element still says what it was.
 */
const keepOpenForNotifications = (event: {
  target: EventTarget | null;
  preventDefault(): void;
}) => {
  if (event.target instanceof Element && event.target.closest('.notifications, .notification')) {
    event.preventDefault();
  }
};

/** A dialog (Radix), modal by default: focus trap, Escape and overlay click close it. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = 'sm',
  modal = true,
  onCloseAutoFocus,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange} modal={modal}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog__overlay" />
        <RadixDialog.Content
          className={`dialog dialog--${size}`}
          onCloseAutoFocus={onCloseAutoFocus}
          onInteractOutside={keepOpenForNotifications}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="dialog__description">
              {description}
            </RadixDialog.Description>
          ) : null}
          <div className="dialog__body">{children}</div>
          {/* Last in the DOM so opening focuses the first field, not this button. */}
          <RadixDialog.Close className="dialog__close" aria-label="Dismiss dialog">
            <X size={18} aria-hidden="true" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
