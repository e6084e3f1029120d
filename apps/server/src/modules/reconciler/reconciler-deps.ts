import type { Position } from '@tb/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { ApiKeysService } from '../api-keys/api-keys.service.js';
import type { ExchangeNetworks } from '../exchange/exchange-networks.js';
import type { RiskService } from '../risk/risk.service.js';

/** What the reconciler (reconciler.ts) is given, and the parts app.ts plugs into it. */

/** The account's positions in one comparable line: `coin:side:size`, sorted. */
export function positionSignature(positions: readonly Position[]): string {
  return positions
    .map((p) => `${p.symbol}:${p.side}:${p.size}`)
    .sort()
    .join('|');
}

export interface ReconcilerDeps {
  db: Db;
  now: Clock;
  log: FastifyBaseLogger;
  /** The connection's credentials (checked against its owner). */
  keys: Pick<ApiKeysService, 'resolveControlled'>;
  /** Accounts to read; with `market`, the passes watch prices (price-watch.ts). */
  networks: Pick<ExchangeNetworks, 'account'> &
    Partial<Pick<ExchangeNetworks, 'market' | 'hasRoom'>>;
  risk: Pick<RiskService, 'applyOutcome'> & Partial<Pick<RiskService, 'applyOffPlan'>>;
  /** Time between background passes; 0: no loop (passes only when asked). */
  intervalMs: number;
  /** This instance's lease owner; a random one by default. */
  instanceId?: string;
  /** Told when a pass changed a trader's journal: their open pages read it again. */
  journal?: JournalNotifier;
}

/** Where the reconciler says a trader's journal changed (events/journal-events.ts). */
export interface JournalNotifier {
  changed(userId: string, kind: 'trades' | 'risk'): Promise<void>;
}

/** MFE / MAE of closed trades (trades/excursions.ts): after fills close trades, and swept. */
export interface ExcursionsFiller {
  /** `onStored` once per trade whose excursions were stored. */
  afterFills(tradeIds: readonly string[], onStored?: () => void): void;
  sweepInBackground(): void;
}

/** Live actions' intents left without their request: resolved on every pass. */
export interface IntentResolution {
  /** `onResolved`: a trader whose intents were worked (their journal may have changed). */
  resolveOrphans(onResolved?: (userId: string) => void): Promise<number>;
}
