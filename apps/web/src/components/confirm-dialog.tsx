import { AlertDialog } from 'radix-ui';
import { buttonClass } from './button';
import './dialog.css';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The question, word for word (e.g. core's confirmMessages). Also the accessible description. */
  message: string;
  onConfirm: () => void;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
}

/**
 * An accessible confirmation (Radix AlertDialog, role alertdialog): focus starts on Cancel,
 * Escape cancels. Import it from '@/components/confirm-dialog' in lazily loaded code.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  message,
  onConfirm,
  title = 'Please confirm',
  confirmLabel = 'Yes',
  cancelLabel = 'Cancel',
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog__overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title className="dialog__title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="dialog__description">
            {message}
          </AlertDialog.Description>
          <div className="row">
            <AlertDialog.Cancel className={buttonClass('secondary')}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClass('danger')} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
