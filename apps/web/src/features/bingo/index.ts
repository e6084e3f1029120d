// The router loads /bingo from here; the page itself is the dashboard feature.
export { DashboardPage as BingoPage } from '@/features/dashboard';
export { prefetchDashboard as prefetchBingo } from '@/features/dashboard';
