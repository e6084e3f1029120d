import type { LiveOrderRequest } from '@tb/core';
import type { OrderByCloid } from '@tb/hyperliquid';

/** The client order ids of a bracket. */
export interface BracketCloids {
  entry: string;
  takeProfit: string;
  stopLoss: string;
}

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
  cloids: BracketCloids;
  orders: { entry: string | null; takeProfit: string | null; stopLoss: string | null };
}

/**
 * Places and cancels brackets on the user's active connection (the exchange module's
 * bracketPlacer, injected so the journal does not reach into the exchange module). `place`
 * throws the answer to give (400 EXCHANGE_NOT_CONNECTED, 422 EXCHANGE_REJECTED, ...) when the
 * exchange did not take the bracket.
 */
export interface BracketPlacer {
  /**
   * The id of the connection to place on: `connectionId` when it is the user's, else the newest
   * (400 EXCHANGE_NOT_CONNECTED without one).
   */
  activeConnection(userId: string, connectionId?: string): Promise<string>;
  /** Leverage, then the bracket with the client ids given (recorded before the call). */
  place(
    userId: string,
    connectionId: string,
    bracket: LiveBracket,
    cloids: BracketCloids,
  ): Promise<PlacedLive>;
  /** What the exchange holds under each client id (null: it never took one). */
  orders(
    userId: string,
    connectionId: string,
    cloids: readonly string[],
  ): Promise<Map<string, OrderByCloid | null>>;
  /** Cancels orders of the connection by client order id; ones already gone are skipped. */
  cancelCloids(userId: string, connectionId: string, pair: string, cloids: string[]): Promise<void>;
  /** The mark price of the pair's open position on the connection; null without one. */
  positionMark(userId: string, connectionId: string, pair: string): Promise<number | null>;
  /** A reduce-only stop market trigger for `size` units of the position, sent with `cloid`. */
  placeStop(
    userId: string,
    connectionId: string,
    stop: LiveExit & { triggerPx: number; cloid: string },
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
