import type { ExchangeDeps } from './api/context.js';
import { handlePinMark } from './api/control.js';
import { handleExchange } from './api/exchange.js';
import { handleFaucet } from './api/faucet.js';
import { handleInfo } from './api/info.js';
import { abandoned, unavailable, unprocessable } from './api/reply.js';
import { BadRequestError } from './errors.js';
import { MarkPins } from './market/pins.js';
import { openMarketSource, syntheticStatus } from './market/open-source.js';
import { MemoryPaperStore } from './memory-store.js';
import type { PaperExchange, PaperExchangeOptions, PaperLog, PaperReply } from './types.js';
import { KeyedLocks } from './util/keyed-locks.js';

const DEFAULT_SEED = 1;
const DEFAULT_FAUCET_USD = 10_000;

/**
 * What is logged of a failure: the innermost cause's type, message and code (e.g. a dropped
 * connection), not the wrapper whose message lists the query and its parameters, nor a
 * database error's detail, which can quote the row.
 */
function failureSummary(error: unknown): { type: string; message: string; code?: string } {
  let cause = error;
  for (
    let depth = 0;
    depth < 5 && cause instanceof Error && cause.cause !== undefined;
    depth += 1
  ) {
    cause = cause.cause;
  }
  if (!(cause instanceof Error)) return { type: typeof cause, message: String(cause) };
  const code = (cause as { code?: unknown }).code;
  return {
    type: cause.name,
    message: cause.message,
    ...(typeof code === 'string' ? { code } : {}),
  };
}

/**
 * Answers one request: a malformed body gets Hyperliquid's 422; anything else that fails (the
 * store above all) rolled its transaction back, so it answers 503 and is logged.
 */
async function guarded(
  log: PaperLog | undefined,
  handle: () => Promise<PaperReply>,
  signal?: AbortSignal,
) {
  // Other requests waiting on the event loop go first: a database that answers without a pause
  // (PGlite, in process) would otherwise let one client's queued requests run back to back.
  await new Promise((resolve) => setImmediate(resolve));
  try {
    return await handle();
  } catch (error) {
    if (error instanceof BadRequestError) return unprocessable();
    if (signal?.aborted && error === signal.reason) return abandoned();
    log?.error(
      { err: failureSummary(error) },
      'paper exchange: request failed; nothing was changed',
    );
    return unavailable();
  }
}

/**
 * Opens the paper exchange on a store (memory by default). Each request works on the account
 * it names, in one store transaction: it locks the account, lets time pass on it (resting
 * fills, liquidation), runs the action and writes back what changed, all or nothing. Requests
 * on one account queue in memory first, one transaction at a time per process; requests on
 * different accounts do not wait for each other. A stored seed is kept, so prices do not jump
 * on a restart.
 */
export async function openPaperExchange(
  options: PaperExchangeOptions = {},
): Promise<PaperExchange> {
  const store = options.store ?? new MemoryPaperStore();
  const deps: ExchangeDeps = {
    store,
    seed: await store.seed(options.seed ?? DEFAULT_SEED),
    now: options.now ?? Date.now,
    faucetUsd: options.faucetAmountUsd ?? DEFAULT_FAUCET_USD,
    accounts: new KeyedLocks(),
    pins: options.pins ?? new MarkPins(),
  };
  // PAPER_PRICES: the marks follow mainnet through the pins' source (market/source.ts).
  const prices = openMarketSource(options.prices, deps.now);
  deps.pins.source = prices;
  const { log } = options;
  return {
    info: (body) =>
      guarded(log, async () => {
        await prices?.ready();
        return handleInfo(deps, body);
      }),
    exchange: (body, signal) =>
      guarded(
        log,
        async () => {
          await prices?.ready();
          return handleExchange({ ...deps, signal }, body);
        },
        signal,
      ),
    faucet: (body) => guarded(log, () => handleFaucet(deps, body)),
    pinMark: async (body) => handlePinMark(deps, body),
    onMarkPinned: (listener) => deps.pins.onChange(listener),
    pricesStatus: () => prices?.status() ?? syntheticStatus,
    close: () => prices?.close(),
  };
}
