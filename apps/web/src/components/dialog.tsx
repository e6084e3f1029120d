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
}

/** A modal dialog (Radix): focus trap, Escape and overlay click close it. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = 'sm',
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog__overlay" />
        <RadixDialog.Content
          className={`dialog dialog--${size}`}
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
            <span aria-hidden="true">×</span>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
