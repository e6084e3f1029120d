import { Navigate, Outlet } from 'react-router';
import { useSession } from '@/lib/use-session';
import { homeWithError } from '@/lib/home-errors';

/** Routes that need a stored sign-in; without one the user lands Home with a message. */
export function RequireAuth() {
  const session = useSession();
  if (!session) return <Navigate to={homeWithError('login-required')} replace />;
  return <Outlet />;
}
