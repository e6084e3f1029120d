export { RESET_REDIRECT_MS, ResetPasswordPage } from './components/reset-password-page';
