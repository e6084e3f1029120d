// Radix Dialog is left out on purpose: import it from '@/components/dialog' in lazily loaded
// code, so pages without a dialog do not download it.

export { Alert, type AlertProps, type AlertTone } from './alert';
export { Badge, type BadgeTone } from './badge';
export { Button, buttonClass, type ButtonProps, type ButtonVariant } from './button';
export { Card, type CardProps } from './card';
export { ErrorBoundary, type ErrorBoundaryProps } from './error-boundary';
export { Page, type PageProps } from './page';
export { QueryStatus, type QueryStatusProps } from './query-status';
export { Spinner } from './spinner';
export {
  TextAreaField,
  TextField,
  type TextAreaFieldProps,
  type TextFieldProps,
} from './text-field';
export { NotificationRegion, notify, dismissNotification } from './notifications';
export { MenuButton, type MenuButtonProps, type MenuItem } from './menu';
