export { DashboardPage } from './components/dashboard-page';
export { prefetchDashboard } from './first-data';
export { useDashboardLayout, type DashboardLayout } from './hooks/use-dashboard-layout';
export { layoutStorageKeys } from './layout-storage';
