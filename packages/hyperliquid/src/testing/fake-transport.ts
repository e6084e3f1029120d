import type { IRequestTransport } from '@nktkas/hyperliquid';
import { ALL_MIDS, ASSET_CTX, L2_BOOK, META } from './fixtures.js';

type Payload = { type?: string; action?: { type?: string } } & Record<string, unknown>;
type Answer = (payload: Payload) => unknown;

/**
 * A transport answering canned Hyperliquid responses by request type (`info` by `type`,
 * `exchange` by `action.type`), recording every request so tests can count them.
 */
export class FakeTransport implements IRequestTransport {
  readonly isTestnet = true;
  readonly requests: { endpoint: string; payload: Payload }[] = [];
  readonly answers = new Map<string, Answer>([
    ['meta', () => META],
    ['allMids', () => ALL_MIDS],
    ['metaAndAssetCtxs', () => [META, META.universe.map(() => ASSET_CTX)]],
    ['l2Book', () => L2_BOOK],
  ]);

  /** Sets the answer to a request type (a function gets the payload). */
  on(type: string, answer: unknown): this {
    this.answers.set(type, typeof answer === 'function' ? (answer as Answer) : () => answer);
    return this;
  }

  /** How many requests of `type` were sent. */
  count(type: string): number {
    return this.requests.filter((r) => (r.payload.action?.type ?? r.payload.type) === type).length;
  }

  async request<T>(endpoint: 'info' | 'exchange', payload: unknown): Promise<T> {
    const p = JSON.parse(JSON.stringify(payload)) as Payload;
    this.requests.push({ endpoint, payload: p });
    await new Promise((resolve) => setTimeout(resolve, 1));
    const type = endpoint === 'exchange' ? p.action?.type : p.type;
    const answer = type === undefined ? undefined : this.answers.get(type);
    if (!answer) throw new Error(`FakeTransport: no answer for ${endpoint} ${String(type)}`);
    return (await answer(p)) as T;
  }
}
