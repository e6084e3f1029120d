export { DashboardPage } from './components/dashboard-page';
export { useDashboardLayout, type DashboardLayout } from './hooks/use-dashboard-layout';
export { layoutStorageKeys } from './layout-storage';
