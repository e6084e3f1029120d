export type {
  PaperExchange,
  PaperExchangeOptions,
  PaperReply,
  PaperSnapshot,
  PaperStore,
} from './types.js';
export { openPaperExchange } from './paper-exchange.js';
export { MemoryPaperStore } from './memory-store.js';
export { paperExchangeRoutes } from './http.js';
