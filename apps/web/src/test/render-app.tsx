import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { AppRoutes } from '@/app/app';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';

/** Shows the router's current location so tests can assert redirects. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location">
      {location.pathname}
      {location.search}
    </output>
  );
}

export function createTestQueryClient() {
  const client = createQueryClient();
  client.setDefaultOptions({
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  });
  return client;
}

/** The whole app (layout, routes, guards, providers) at `path`, with a fresh query client. */
export function renderApp(path = '/', options: { advanceTimers?: (ms: number) => void } = {}) {
  const queryClient = createTestQueryClient();
  const user = userEvent.setup(
    options.advanceTimers ? { advanceTimers: options.advanceTimers } : {},
  );
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, user, queryClient };
}

/** A stored sign-in, as login leaves it. */
export function signIn(username = 'trader1', expiresInMs = 60 * 60 * 1000) {
  localStorage.setItem('token', 'test-token');
  localStorage.setItem('username', username);
  localStorage.setItem('tokenExpires', new Date(Date.now() + expiresInMs).toISOString());
}

export function publicUser(overrides: Record<string, unknown> = {}) {
  return {
    id: 'u1',
    username: 'trader1',
    email: 'trader1@example.com',
    isPaidUser: false,
    isAdmin: false,
    role: 'user',
    isEmailVerified: true,
    timeZone: 'UTC',
    showOnLeaderboard: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    subscription: { active: false, plan: null, startDate: null, endDate: null, remainingDays: 0 },
    ...overrides,
  };
}
