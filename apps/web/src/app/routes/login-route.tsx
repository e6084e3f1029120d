import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onAuthDialogDismissed, openAuthDialog } from '@/features/auth';
import { HomePage } from '@/features/home';

/** /login: Home with the Login dialog open; dismissing it goes back (or Home). */
export function LoginRoute() {
  const navigate = useNavigate();
  useEffect(() => {
    openAuthDialog('login');
    return onAuthDialogDismissed(() => {
      const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
      if (index > 0) void navigate(-1);
      else void navigate('/', { replace: true });
    });
  }, [navigate]);
  return <HomePage />;
}
