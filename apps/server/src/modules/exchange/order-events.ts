import type { PlacedOrder, Position, ValidOrderRequest } from '@tb/core';

/**
 * What the exchange proxy reports after it changed a user's account. The proxy knows nothing
 * of who listens (signals subscribe through `ExchangeService.onOrderEvent`); `positions` reads
 * the account's positions when a listener wants them, after the change.
 */
export type OrderEvent =
  | {
      kind: 'order-placed';
      userId: string;
      at: Date;
      order: ValidOrderRequest;
      placed: PlacedOrder;
      /** Present when the order filled: the positions it changed. */
      positions: (() => Promise<Position[]>) | null;
    }
  | {
      kind: 'order-cancelled';
      userId: string;
      at: Date;
      orderId: number;
      symbol: string | null;
    }
  | {
      kind: 'positions-closed';
      userId: string;
      at: Date;
      positions: () => Promise<Position[]>;
    };

/** Called after each change; it must not throw or block (the order has already been answered). */
export type OrderListener = (event: OrderEvent) => void;

/** The listeners of one proxy: a failing listener is logged and never fails the order. */
export class OrderEvents {
  readonly #listeners: OrderListener[] = [];

  constructor(private readonly onError: (err: unknown) => void) {}

  subscribe(listener: OrderListener): void {
    this.#listeners.push(listener);
  }

  emit(event: OrderEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (err) {
        this.onError(err);
      }
    }
  }
}
