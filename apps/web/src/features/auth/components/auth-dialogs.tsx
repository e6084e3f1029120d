import type { ReactNode } from 'react';
import { Dialog } from '@/components/dialog';
import { hardNavigate } from '@/lib/navigation';
import {
  closeAuthDialog,
  dismissAuthDialog,
  openAuthDialog,
  useAuthDialog,
  type AuthDialogKind,
} from '../hooks/auth-dialog-store';
import { useTimeouts } from '../hooks/use-timeouts';
import { authTimings } from './auth-timings';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import './auth.css';

function AuthDialog({
  kind,
  title,
  children,
}: {
  kind: AuthDialogKind;
  title: string;
  children: ReactNode;
}) {
  const state = useAuthDialog();
  return (
    <Dialog
      open={state.kind === kind}
      onOpenChange={(open) => (open ? openAuthDialog(kind) : dismissAuthDialog())}
      title={title}
    >
      {children}
    </Dialog>
  );
}

function goToDashboard() {
  closeAuthDialog();
  hardNavigate('/bingo');
}

/** Login, Register and Reset Password dialogs; mounted once in the layout. */
export function AuthDialogs() {
  const { username } = useAuthDialog();
  const later = useTimeouts();

  return (
    <>
      <AuthDialog kind="login" title="Login">
        <LoginForm
          initialUsername={username}
          onForgotPassword={() => openAuthDialog('forgot')}
          onCreateAccount={() => openAuthDialog('register')}
          onSignedIn={goToDashboard}
        />
      </AuthDialog>
      <AuthDialog kind="register" title="Register">
        <RegisterForm
          onEmailTaken={(email) => {
            later(closeAuthDialog, authTimings.emailTakenCloseMs);
            // Login takes a username or an email; the server never says whose address it is.
            later(
              () => openAuthDialog('login', { username: email }),
              authTimings.emailTakenLoginMs,
            );
          }}
          onRegistered={() => later(goToDashboard, authTimings.registeredRedirectMs)}
          onLogin={() => openAuthDialog('login')}
        />
      </AuthDialog>
      <AuthDialog kind="forgot" title="Reset Password">
        <ForgotPasswordForm
          onSent={() => later(closeAuthDialog, authTimings.resetLinkCloseMs)}
          onLogin={() => openAuthDialog('login')}
        />
      </AuthDialog>
    </>
  );
}
