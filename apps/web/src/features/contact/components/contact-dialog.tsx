import { Dialog } from '@/components/dialog';
import { ContactForm } from './contact-form';

export interface ContactDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Contact Us (SPEC.md section 2; issue 26: the message is stored and mailed to the admins). */
export function ContactDialogImpl({ open, onOpenChange }: ContactDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Contact Us" size="md">
      <ContactForm onClose={() => onOpenChange(false)} />
    </Dialog>
  );
}
