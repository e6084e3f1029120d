import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';

// Every route but Home loads on demand, so `/` ships only what it shows.
const loadBingo = () => import('@/features/bingo');
export const BingoPage = lazy(() => loadBingo().then((m) => ({ default: m.BingoPage })));

/**
 * Starts loading the code of the page at `pathname` (main.tsx, before the first render), so
 * it downloads while React renders the frame around it instead of after; for a signed-in
 * trader, the page then asks for the data it shows first (into `client`) before it renders.
 */
export function preloadPage(pathname: string, client: QueryClient, signedIn: boolean): void {
  if (pathname === '/bingo') {
    void loadBingo().then((page) => signedIn && page.prefetchBingo(client));
  }
}
export const LeaderboardPage = lazy(() =>
  import('@/features/leaderboard').then((m) => ({ default: m.LeaderboardPage })),
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
export const AdminPage = lazy(() =>
  import('@/features/admin').then((m) => ({ default: m.AdminPage })),
);
