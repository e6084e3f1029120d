export * from './exchange-client.js';
// To be provided (see the package's README.md):
// export { HyperliquidExchange } from './hyperliquid-exchange.js';
// export { httpTransport, handlerTransport } from './transports.js';
// export { walletFromPrivateKey, generatePrivateKey, addressOfPrivateKey } from './wallet.js';
// export { approveAgent } from './agents.js';
