import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter, useRoutes } from 'react-router';
import { AppProviders } from './providers';
import { routes } from './routes/routes';

/** The route table rendered with the declarative router (a third of the data router's size). */
export function AppRoutes() {
  return useRoutes(routes);
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      {/* Synchronous location updates: a route change and a session change made in the same
          event (logout) render together, so a guard never sees one without the other. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
