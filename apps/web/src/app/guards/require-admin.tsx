import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router';
import { Spinner } from '@/components';
import { meQueryOptions } from '@/features/auth';
import { isApiError } from '@/lib/api-error';
import { useSession } from '@/lib/use-session';
import { homeWithError } from '@/lib/home-errors';

/** /admin: a stored sign-in whose user the server confirms as an administrator. */
export function RequireAdmin() {
  const session = useSession();
  const me = useQuery({ ...meQueryOptions(), enabled: session !== null });

  if (!session) return <Navigate to={homeWithError('admin-login-required')} replace />;
  if (me.isError) {
    const signedOut = isApiError(me.error) && me.error.status === 401;
    return (
      <Navigate to={homeWithError(signedOut ? 'admin-login-required' : 'auth-error')} replace />
    );
  }
  if (me.isPending) {
    return (
      <div className="route-status">
        <Spinner label="Checking access..." />
      </div>
    );
  }
  if (!me.data.isAdmin) return <Navigate to={homeWithError('admin-only')} replace />;
  return <Outlet />;
}
