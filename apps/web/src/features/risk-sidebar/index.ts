export { RiskSidebar, type RiskSidebarProps } from './components/risk-sidebar';
