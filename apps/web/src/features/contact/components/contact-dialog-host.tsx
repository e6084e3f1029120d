import { lazy, Suspense, useState } from 'react';
import type { ContactDialogProps } from './contact-dialog';

// Radix Dialog and the form schema load when the dialog is first opened.
const ContactDialogImpl = lazy(() =>
  import('./contact-dialog').then((m) => ({ default: m.ContactDialogImpl })),
);

/** The Contact Us dialog, loaded on first open. */
export function ContactDialog(props: ContactDialogProps) {
  const [used, setUsed] = useState(false);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ContactDialogImpl {...props} />
    </Suspense>
  );
}
