import type { QueryClient } from '@tanstack/react-query';
import {
  createElement,
  lazy,
  startTransition,
  useEffect,
  useState,
  type ComponentType,
} from 'react';
import { readSession } from '@/lib/session';
import { RouteLoading } from '../layout/app-layout';

/**
 * A page loaded on demand that appears as soon as its code is in. React.lazy holds a Suspense
 * boundary's content back until 300 ms after its fallback appeared (against a flicker of
 * loading states); for the page a trader opens first, whose code is asked for with the
 * document, that kept the dashboard from the screen for a quarter of a second. Here the loading
 * frame is plain state, replaced in a transition (rendered in short slices) once the code has
 * loaded; a failed load goes to the route's error boundary, as with lazy.
 */
export function preloadedPage(load: () => Promise<ComponentType>) {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (page) => (loaded = page),
      (error: unknown) => {
        loading = undefined; // the next visit tries again
        throw error;
      },
    ));
  function Page() {
    const [state, setState] = useState<{ page?: ComponentType; error?: unknown }>(() => ({
      page: loaded,
    }));
    useEffect(() => {
      if (state.page) return;
      let live = true;
      preload().then(
        (page) => live && startTransition(() => setState({ page })),
        (error: unknown) => live && setState({ error }),
      );
      return () => {
        live = false;
      };
    }, [state.page]);
    if (state.error) throw state.error;
    return createElement(state.page ?? RouteLoading);
  }
  return Object.assign(Page, { preload });
}

// Every route but Home loads on demand, so `/` ships only what it shows.
const loadBingo = () => import('@/features/bingo');
export const BingoPage = preloadedPage(() => loadBingo().then((m) => m.BingoPage));

/**
 * Starts loading the code of the page at `pathname` (main.tsx, before the first render), so
 * it downloads while React renders the frame around it instead of after; then, for a trader
 * still signed in (the session check may have found the stored token refused meanwhile), the
 * page asks for the data it shows first (into `client`) before it renders.
 */
export function preloadPage(pathname: string, client: QueryClient): void {
  if (pathname === '/bingo') {
    void BingoPage.preload().catch(() => undefined); // the page reports a failure itself
    void loadBingo().then(
      (page) => readSession() && page.prefetchBingo(client),
      () => undefined,
    );
  }
}
export const LeaderboardPage = lazy(() =>
  import('@/features/leaderboard').then((m) => ({ default: m.LeaderboardPage })),
);
export const ChatPage = lazy(() =>
  import('@/features/chat').then((m) => ({ default: m.ChatPage })),
);
export const ShopPage = lazy(() =>
  import('@/features/shop').then((m) => ({ default: m.ShopPage })),
);
export const AboutPage = lazy(() =>
  import('@/features/about').then((m) => ({ default: m.AboutPage })),
);
export const PaymentPage = lazy(() =>
  import('@/features/payment').then((m) => ({ default: m.PaymentPage })),
);
export const WidgetToolboxPage = lazy(() =>
  import('@/features/widget-toolbox').then((m) => ({ default: m.WidgetToolboxPage })),
);
export const VerifyEmailPage = lazy(() =>
  import('@/features/email-verification').then((m) => ({ default: m.VerifyEmailPage })),
);
export const ResetPasswordPage = lazy(() =>
  import('@/features/password-reset').then((m) => ({ default: m.ResetPasswordPage })),
);
export const ProfilePage = lazy(() =>
  import('@/features/profile').then((m) => ({ default: m.ProfilePage })),
);
export const AnalyticsPage = lazy(() =>
  import('@/features/analytics').then((m) => ({ default: m.AnalyticsPage })),
);
export const ExchangeConnectPage = lazy(() =>
  import('@/features/exchange-connect').then((m) => ({ default: m.ExchangeConnectPage })),
);
export const HyperliquidTestPage = lazy(() =>
  import('@/features/hyperliquid-test').then((m) => ({ default: m.HyperliquidTestPage })),
);
export const StrategiesPage = lazy(() =>
  import('@/features/strategies').then((m) => ({ default: m.StrategiesPage })),
);
export const StrategyPage = lazy(() =>
  import('@/features/strategies').then((m) => ({ default: m.StrategyPage })),
);
export const AdminPage = lazy(() =>
  import('@/features/admin').then((m) => ({ default: m.AdminPage })),
);
