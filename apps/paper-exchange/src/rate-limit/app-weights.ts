import type { PaperExchange, PaperReply } from '../types.js';
import { WeightBudget, type WeightState } from './budget.js';
import { exchangeWeight, infoType, infoWeight, itemsWeight, weighsItems } from './weights.js';

/** What the app's own requests spent, for a log line (where the weight goes). */
export interface AppWeightTally {
  requests: number;
  weight: number;
  /** Requests answered 429 (no room in the minute). */
  refused: number;
  /** Weight by info type or exchange action. */
  byType: Record<string, number>;
}

const typeOf = (endpoint: 'info' | 'exchange', body: unknown): string => {
  if (endpoint === 'info') return infoType(body) ?? 'info';
  const action = (body as { action?: { type?: unknown } } | null)?.action;
  return typeof action?.type === 'string' ? action.type : 'exchange';
};

/**
 * The server's own calls to the paper exchange in process charged as Hyperliquid charges the
 * server's IP (PAPER_APP_WEIGHTS, for the live-capacity benchmark: DESIGN.md section 13): the
 * base weight before the request (HTTP 429 with `null` when the rolling minute has no room),
 * the items an answer returned after it, under one key (`app`) in `state` (every instance's
 * when shared).
 */
export class AppWeights {
  readonly #budget: WeightBudget;
  #tally: AppWeightTally = { requests: 0, weight: 0, refused: 0, byType: {} };

  constructor(
    private readonly exchange: Pick<PaperExchange, 'info' | 'exchange'>,
    private readonly now: () => number,
    state?: WeightState,
  ) {
    this.#budget = new WeightBudget({ ...(state && { state }), name: 'paper-app-weight' });
  }

  /** Answers one request of the app, charged. */
  async handle(
    endpoint: 'info' | 'exchange',
    body: unknown,
    signal?: AbortSignal,
  ): Promise<PaperReply> {
    const base = endpoint === 'info' ? infoWeight(body) : exchangeWeight(body);
    const charged = await this.#budget.charge('app', base, this.now());
    if (!charged.allowed) {
      this.#tally.refused += 1;
      return { status: 429, body: null };
    }
    const reply =
      endpoint === 'info'
        ? await this.exchange.info(body)
        : await this.exchange.exchange(body, signal);
    const type = typeOf(endpoint, body);
    const items =
      endpoint === 'info' && reply.status === 200 && weighsItems(type)
        ? itemsWeight(type, reply.body)
        : 0;
    if (items > 0) await this.#budget.add('app', items, this.now());
    this.#count(type, base + items);
    return reply;
  }

  /** What was spent since the last call (and starts counting again). */
  takeTally(): AppWeightTally {
    const tally = this.#tally;
    this.#tally = { requests: 0, weight: 0, refused: 0, byType: {} };
    return tally;
  }

  #count(type: string, weight: number) {
    this.#tally.requests += 1;
    this.#tally.weight += weight;
    this.#tally.byType[type] = (this.#tally.byType[type] ?? 0) + weight;
  }
}
