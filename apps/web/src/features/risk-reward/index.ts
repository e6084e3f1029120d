export { RiskRewardWidget } from './components/risk-reward-widget';
