import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary, Spinner } from '@/components';
import { AuthDialogsHost } from '@/features/auth';
import { RouteError } from '../routes/route-error';
import { useFullLoadOnBingo } from '../use-full-load-on-bingo';
import { useRouteBodyClass } from '../use-route-body-class';
import { TopBar } from './top-bar';
import './app-layout.css';

/** Every screen: the top bar, the routed page in <main>, and the auth dialogs. */
export function AppLayout() {
  const { pathname } = useLocation();
  useRouteBodyClass();
  useFullLoadOnBingo();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <TopBar />
      <main id="main" className="app-main" tabIndex={-1}>
        <ErrorBoundary key={pathname} fallback={(error) => <RouteError error={error} />}>
          <Suspense fallback={<RouteLoading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <AuthDialogsHost />
    </>
  );
}

export function RouteLoading() {
  return (
    <div className="route-status">
      <Spinner label="Loading page..." />
    </div>
  );
}
