import type { PaperPricesOptions } from '../types.js';
import { FilePriceMemory } from './price-memory.js';
import { MarketSource } from './source.js';
import type { PaperPricesStatus } from './source.js';
import { HttpUpstream } from './upstream.js';

/** The status of an exchange whose prices are the seeded path alone. */
export const syntheticStatus: PaperPricesStatus = {
  mode: 'synthetic',
  source: 'synthetic',
  since: null,
  upstream: 'off',
};

/**
 * The market source of PAPER_PRICES, or undefined for the seeded path alone: `synthetic`, or
 * no upstream given (no `url`, no `upstream`), which never calls out.
 */
export function openMarketSource(
  options: PaperPricesOptions | undefined,
  now: () => number,
): MarketSource | undefined {
  if (!options) return undefined;
  const upstream =
    options.upstream ?? (options.url ? new HttpUpstream({ url: options.url }) : undefined);
  const mode = options.mode ?? 'auto';
  if (mode === 'synthetic' || !upstream) return undefined;
  return new MarketSource({
    mode,
    upstream,
    now,
    ...(options.log && { log: options.log }),
    ...(options.url && { url: options.url }),
    ...(options.autoPoll !== undefined && { autoPoll: options.autoPoll }),
    ...(options.memoryFile && { memory: new FilePriceMemory(options.memoryFile) }),
  });
}
