export { authKeys, meQueryOptions, resendMessages, resendVerificationMutationOptions } from './api';
export { AuthDialogsHost } from './components/auth-dialogs-host';
export { authTimings } from './components/auth-timings';
export { UserMenu } from './components/user-menu';
export {
  closeAuthDialog,
  dismissAuthDialog,
  onAuthDialogDismissed,
  openAuthDialog,
  useAuthDialog,
  type AuthDialogKind,
} from './hooks/auth-dialog-store';
export { checkStoredSession } from './hooks/check-stored-session';
export { useLogout } from './hooks/use-logout';
export { usePremium } from './hooks/use-premium';
