import type { LiveOrderRequest } from '@tb/core';

/** A journal trade to place as a bracket: its levels and size, the order type and leverage. */
export interface LiveBracket extends LiveOrderRequest {
  pair: string;
  isLong: boolean;
  sizeUsd: number;
  entryPrice: number;
  takeProfit: number;
  stopLoss: number;
}

/** A bracket the exchange accepted: its connection, coin, client ids and order ids. */
export interface PlacedLive {
  connectionId: string;
  coin: string;
  cloids: { entry: string; takeProfit: string; stopLoss: string };
  orders: { entry: string | null; takeProfit: string | null; stopLoss: string | null };
}

/**
 * Places and cancels brackets on the user's active connection (the exchange module's
 * bracketPlacer, injected so the journal does not reach into the exchange module). `place`
 * throws the answer to give (400 EXCHANGE_NOT_CONNECTED, 422 EXCHANGE_REJECTED, ...) when the
 * exchange did not take the bracket.
 */
export interface BracketPlacer {
  place(userId: string, bracket: LiveBracket): Promise<PlacedLive>;
  cancel(userId: string, pair: string, placed: PlacedLive): Promise<void>;
  /** Cancels orders of the connection by client order id; ones already gone are skipped. */
  cancelCloids(userId: string, connectionId: string, pair: string, cloids: string[]): Promise<void>;
  /** The mark price of the pair's open position on the connection; null without one. */
  positionMark(userId: string, connectionId: string, pair: string): Promise<number | null>;
  /** A reduce-only stop market trigger for `size` units of the position, with a new cloid. */
  placeStop(
    userId: string,
    connectionId: string,
    stop: LiveExit & { triggerPx: number },
  ): Promise<PlacedExit>;
  /**
   * A reduce-only market order closing `size` units of the position, sent with `cloid` (recorded
   * among the trade's exits before sending, so no fill of it can arrive unrecognised).
   */
  closeMarket(
    userId: string,
    connectionId: string,
    close: LiveExit & { cloid: string },
  ): Promise<PlacedExit>;
}

/** An exit of a held position: its pair, side and the units to close. */
export interface LiveExit {
  pair: string;
  isLong: boolean;
  size: number;
}

/** An exit order the exchange took: its order id (null when not told) and client id if any. */
export interface PlacedExit {
  oid: string | null;
  cloid: string | null;
}
