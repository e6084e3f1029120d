export { ContactDialog } from './components/contact-dialog-host';
export type { ContactDialogProps } from './components/contact-dialog';
