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
}
