export type {
  PaperExchange,
  PaperExchangeOptions,
  PaperReply,
  PaperSnapshot,
  PaperStore,
} from './types.js';
// To be provided (see the package's README.md):
// export { openPaperExchange } from './paper-exchange.js';   (options) => Promise<PaperExchange>
// export { MemoryPaperStore } from './memory-store.js';
// export { paperExchangeRoutes } from './http.js';           Fastify plugin: POST /info, /exchange, /faucet
