// The top bar loads this for signed-in users: keep it light. Dialogs load on demand
// (lazy-components).
export * from './api';
export * from './exchange-state';
export { connectionLabel, isTimeoutError, NETWORK_LABELS } from './labels';
export {
  useExchangeConnection,
  type ExchangeConnectionView,
} from './hooks/use-exchange-connection';
export { useExchangeBalance, type ExchangeBalanceView } from './hooks/use-exchange-balance';
export { useLiveTradingParam } from './hooks/use-live-trading-param';
export { useLiveTradingSync, useSetLiveTrading } from './hooks/use-live-trading';
export {
  MARKET_PRICES_POLL_MS,
  useMarketPrices,
  type MarketPrice,
} from './hooks/use-market-prices';
export { usePriceFormat, type PriceFormat } from './hooks/use-price-format';
export { useConnectExchange, useDeleteApiKey, useSaveApiKey } from './hooks/use-exchange-writes';
export { unlessPremiumRequired } from './hooks/premium-required';
export { ConnectionBadge } from './components/connection-badge';
export { CredentialsForm, type CredentialsFormProps } from './components/credentials-form';
export {
  useCredentialsForm,
  type CredentialField,
  type CredentialsFormState,
  type CredentialsOptions,
} from './hooks/use-credentials-form';
export { TradeNavLink, type TradeNavLinkProps } from './components/trade-nav-link';
export { NetworkField, type NetworkFieldProps } from './components/network-field';
export { PaperAccountOffer, type PaperAccountOfferProps } from './components/paper-account-offer';
export { ExchangePremiumLock, LazyHyperliquidConnectionDialog } from './components/lazy-components';
export type { HyperliquidConnectionDialogProps } from './components/hyperliquid-connection-dialog';
