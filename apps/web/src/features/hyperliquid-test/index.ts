export { HyperliquidTestPage } from './components/hyperliquid-test-page';
