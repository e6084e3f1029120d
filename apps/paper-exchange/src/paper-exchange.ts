import { handleExchange } from './api/exchange.js';
import { handleFaucet } from './api/faucet.js';
import { handleInfo } from './api/info.js';
import { unprocessable } from './api/reply.js';
import type { HandlerResult } from './api/reply.js';
import { advance } from './engine/lazy.js';
import { BadRequestError } from './errors.js';
import { MemoryPaperStore } from './memory-store.js';
import { emptyState, restoreState } from './state.js';
import type { PaperState } from './state.js';
import type { PaperExchange, PaperExchangeOptions, PaperReply } from './types.js';

const DEFAULT_SEED = 1;
const DEFAULT_FAUCET_USD = 10_000;

/**
 * Opens the paper exchange on a store (memory by default), restoring its saved state. Requests
 * run one at a time; each first lets time pass (resting fills, liquidations), and a request that
 * changed anything is saved (awaited) before it is answered. A stored state keeps its own seed.
 */
export async function openPaperExchange(
  options: PaperExchangeOptions = {},
): Promise<PaperExchange> {
  const store = options.store ?? new MemoryPaperStore();
  const now = options.now ?? Date.now;
  const faucetUsd = options.faucetAmountUsd ?? DEFAULT_FAUCET_USD;
  const saved = await store.load();
  const state: PaperState = saved
    ? restoreState(saved)
    : emptyState(options.seed ?? DEFAULT_SEED, now());
  let queue: Promise<unknown> = Promise.resolve();

  function run(handle: (nowMs: number) => HandlerResult): Promise<PaperReply> {
    const next = queue.then(async () => {
      const nowMs = now();
      const moved = advance(state, nowMs);
      let result: HandlerResult;
      try {
        result = handle(nowMs);
      } catch (error) {
        if (!(error instanceof BadRequestError)) throw error;
        result = { reply: unprocessable(), mutated: false };
      }
      if (moved || result.mutated) await store.save(state);
      return result.reply;
    });
    queue = next.catch(() => undefined);
    return next;
  }

  return {
    info: (body) => run((nowMs) => handleInfo(state, body, nowMs)),
    exchange: (body) => run((nowMs) => handleExchange({ state, nowMs }, body)),
    faucet: (body) => run(() => handleFaucet(state, body, faucetUsd)),
  };
}
