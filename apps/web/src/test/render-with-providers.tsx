import { render, renderHook } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createTestQueryClient } from './render-app';

/** One component (a widget, a dialog) with the app's providers and a router, at `path`. */
export function renderWithProviders(
  ui: ReactElement,
  options: { path?: string; advanceTimers?: (ms: number) => void } = {},
) {
  const queryClient = createTestQueryClient();
  const user = userEvent.setup(
    options.advanceTimers ? { advanceTimers: options.advanceTimers } : {},
  );
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[options.path ?? '/']}>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { ...view, user, queryClient };
}

/** A hook with the app's providers; returns the query client for cache assertions. */
export function renderHookWithProviders<T>(hook: () => T) {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders queryClient={queryClient}>
      <MemoryRouter>{children}</MemoryRouter>
    </AppProviders>
  );
  return { ...renderHook(hook, { wrapper }), queryClient };
}
