export { TradeDetailsWidget } from './components/trade-details-widget';
