import { Navigate, type RouteObject } from 'react-router';
import { HomePage } from '@/features/home';
import { RequireAdmin } from '../guards/require-admin';
import { RequireAuth } from '../guards/require-auth';
import { AppLayout } from '../layout/app-layout';
import * as pages from './lazy-pages';
import { LoginRoute } from './login-route';

/** SPEC.md section 2, with DESIGN.md's /premium -> /payment. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', element: <LoginRoute /> },
      { path: 'bingo', element: <pages.BingoPage /> },
      { path: 'leaderboard', element: <pages.LeaderboardPage /> },
      { path: 'chat', element: <pages.ChatPage /> },
      { path: 'shop', element: <pages.ShopPage /> },
      { path: 'about', element: <pages.AboutPage /> },
      { path: 'payment', element: <pages.PaymentPage /> },
      { path: 'premium', element: <Navigate to="/payment" replace /> },
      { path: 'widget-toolbox', element: <pages.WidgetToolboxPage /> },
      { path: 'verify-email/:token?', element: <pages.VerifyEmailPage /> },
      { path: 'reset-password/:token?', element: <pages.ResetPasswordPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: 'profile', element: <pages.ProfilePage /> },
          { path: 'analytics', element: <pages.AnalyticsPage /> },
          { path: 'strategies', element: <pages.StrategiesPage /> },
          { path: 'strategies/:id', element: <pages.StrategyPage /> },
          { path: 'exchange-connect', element: <pages.ExchangeConnectPage /> },
          { path: 'hyperliquid-test', element: <pages.HyperliquidTestPage /> },
        ],
      },
      {
        element: <RequireAdmin />,
        children: [{ path: 'admin', element: <pages.AdminPage /> }],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
