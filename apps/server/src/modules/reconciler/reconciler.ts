import { randomUUID } from 'node:crypto';
import type { ExchangeFill, Position } from '@tb/core';
import { ExchangeError, type ExchangeAccount } from '@tb/hyperliquid';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { ExchangeCursorRow, TradeOrdersRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { isUuid } from '../../lib/ids.js';
import type { ApiKeysService } from '../api-keys/api-keys.service.js';
import type { ExchangeNetworks } from '../exchange/exchange-networks.js';
import type { RiskService } from '../risk/risk.service.js';
import { CURSOR_LEAD_MS } from '../trades/trade-orders.repository.js';
import { applyFills, LeaseLost, type AppliedFills, type PassContext } from './apply-fills.js';
import { fundingReadFrom, nextFundingFrom } from './fundings.js';
import { WatchedConnectionsRepository } from './watched-connections.js';
import { ReconcilerRepository } from './reconciler.repository.js';
import { enforceSessionEnd, type SessionEnd } from './session-end.js';

export type { SessionEnd } from './session-end.js';

/** How long a lease holds a connection for one instance. */
export const LEASE_MS = 30_000;
/** The longest back-off after repeated failures. */
export const MAX_BACKOFF_MS = 5 * 60_000;
/** The back-off base when the loop is off (RECONCILE_INTERVAL_MS=0). */
const DEFAULT_BACKOFF_BASE_MS = 2_000;
/** Connections worked at the same time in one pass. */
const CONCURRENCY = 4;
/** The longest a background pass goes without reading fills while positions look unchanged. */
export const FULL_READ_MS = 60_000;

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
  networks: Pick<ExchangeNetworks, 'account'>;
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

/**
 * The live trading loop's reconciler (DESIGN.md section 9): reads the fills of connections
 * with linked OPEN trades and closes those trades from them, verified, moving the risk state.
 * Every instance runs one; a connection is worked by one instance at a time (a lease in
 * exchange_cursors), and a fill is applied once (exchange_fills is keyed by tid), so adding
 * instances or restarting one never closes a trade twice.
 */
export class Reconciler {
  readonly instanceId: string;
  #timer: NodeJS.Timeout | null = null;
  #pass: Promise<unknown> | null = null;
  #stopped = true;
  /** Work in flight per connection in this instance: passes over one connection queue up. */
  readonly #inFlight = new Map<string, Promise<unknown>>();
  #intents: IntentResolution | null = null;
  #sessionEnd: SessionEnd | null = null;
  #excursions: ExcursionsFiller | null = null;

  constructor(private readonly deps: ReconcilerDeps) {
    this.instanceId = deps.instanceId ?? randomUUID();
  }

  #repo() {
    return new ReconcilerRepository(this.deps.db);
  }

  /** How an ended session cancels the resting entries the app placed (app.ts wires it). */
  useSessionEnd(sessionEnd: SessionEnd): void {
    this.#sessionEnd = sessionEnd;
  }

  /** Where trades closed from fills get their MFE / MAE, and the sweep each pass runs. */
  useExcursions(excursions: ExcursionsFiller): void {
    this.#excursions = excursions;
  }

  /** The live desk whose orphaned intents each pass resolves. */
  useIntents(intents: IntentResolution): void {
    this.#intents = intents;
  }

  /**
   * At start-up: leases held under this instance's id by the process before a restart are
   * released (nothing of that process runs any more), and orphaned intents resolved. Failures
   * are logged: the loop tries again.
   */
  async resume(): Promise<void> {
    try {
      await this.#repo().releaseAll(this.instanceId, this.deps.now());
      await this.#intents?.resolveOrphans(this.#intentsResolved);
    } catch (err) {
      this.deps.log.error({ err }, 'reconciler: resuming failed; the loop tries again');
    }
  }

  /**
   * One pass: orphaned live intents resolved first (an order the exchange took becomes its
   * journal trade before its fills are read), then due connections leased (FOR UPDATE SKIP
   * LOCKED), fills read and applied; returns how many connections were worked.
   */
  async runOnce(): Promise<number> {
    await this.#intents
      ?.resolveOrphans(this.#intentsResolved)
      .catch((err: unknown) => this.deps.log.error({ err }, 'reconciler: intents failed'));
    const now = this.deps.now();
    await new WatchedConnectionsRepository(this.deps.db).ensureWatchedCursors(now);
    const leased = await this.#repo().leaseDue(
      this.instanceId,
      now,
      new Date(now.getTime() + LEASE_MS),
    );
    // A connection this instance is already working is left to that pass (which releases it).
    const todo = leased.filter((cursor) => !this.#inFlight.has(cursor.connectionId));
    let next = 0;
    const worker = async () => {
      while (next < todo.length) {
        const cursor = todo[next++]!;
        await this.#serial(cursor.connectionId, () => this.#work(cursor, { probe: true })).catch(
          (err: unknown) =>
            this.deps.log.error({ err, connectionId: cursor.connectionId }, 'reconciler: failed'),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, todo.length) }, worker));
    // After the passes (a cancel reads the connection's fills again, through its queue).
    for (const cursor of todo) await this.#enforceSessionEnd(cursor.userId, cursor.connectionId);
    // Excursions a first read missed (in the background; at most once a minute, a few trades).
    this.#excursions?.sweepInBackground();
    return todo.length;
  }

  /**
   * Works one connection now if no other instance holds its lease (else returns false):
   * reads fills from its cursor (or from `since` when given and earlier), stores every new
   * fill (matched to a linked trade by oid/cloid, else trade_id null = unjournaled),
   * applies them (entry fills -> execution open + entry price/size; exits covering the
   * entry size -> trade closed verified, risk moved) in one transaction per pass. A failed
   * read is logged and backs the connection off; it does not throw, and answers false: the
   * caller cannot know what was filled. `since` reads back to it once per connection.
   */
  async syncConnection(
    userId: string,
    connectionId: string,
    opts: { since?: number } = {},
  ): Promise<boolean> {
    if (!isUuid(userId) || !isUuid(connectionId)) return false;
    return this.#serial(connectionId, async () => {
      const repo = this.#repo();
      if (!(await repo.connectionExists(userId, connectionId))) return false;
      const now = this.deps.now();
      const from = opts.since ?? now.getTime() - CURSOR_LEAD_MS;
      await repo.ensureCursor(userId, connectionId, from, now);
      const until = new Date(now.getTime() + LEASE_MS);
      const cursor = await repo.leaseOne(this.instanceId, userId, connectionId, now, until);
      if (!cursor) return false;
      return this.#work(cursor, { since: opts.since, probe: false });
    });
  }

  /** Starts the background loop (a setTimeout chain that never holds the process open). */
  start(): void {
    if (this.deps.intervalMs <= 0 || this.#timer || !this.#stopped) return;
    this.#stopped = false;
    this.#schedule();
  }

  /** Stops the loop and waits for the pass in flight. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#pass;
  }

  #schedule() {
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#pass = this.runOnce()
        .catch((err: unknown) => this.deps.log.error({ err }, 'reconciler: pass failed'))
        .finally(() => {
          this.#pass = null;
          if (!this.#stopped) this.#schedule();
        });
    }, this.deps.intervalMs);
    this.#timer.unref();
  }

  /** Runs `task` after the work in flight on the same connection in this instance. */
  async #serial<T>(connectionId: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#inFlight.get(connectionId) ?? Promise.resolve();
    const run = previous.then(task, task);
    const settled = run.catch(() => undefined);
    this.#inFlight.set(connectionId, settled);
    try {
      return await run;
    } finally {
      if (this.#inFlight.get(connectionId) === settled) this.#inFlight.delete(connectionId);
    }
  }

  /**
   * One leased connection: read its fills, apply them in one transaction, release it. Answers
   * whether the fills were read and applied.
   */
  async #work(
    cursor: ExchangeCursorRow,
    { since, probe }: { since?: number; probe: boolean },
  ): Promise<boolean> {
    const { connectionId, userId } = cursor;
    const repo = this.#repo();
    const backfill = since !== undefined && since < (cursor.backfilledFrom ?? cursor.fillsFrom);
    const from = backfill ? Math.min(since, cursor.fillsFrom) : cursor.fillsFrom;
    let fills: ExchangeFill[];
    let account: ExchangeAccount;
    let positionSig: string | undefined;
    let funding: PassContext['funding'];
    try {
      const connection = await this.deps.keys.resolveControlled(userId, connectionId);
      account = this.deps.networks.account(connection.network, connection.credentials);
      // The background pass looks at the positions first (weight 2 against userFillsByTime's
      // 20 and more, of the 1,200 a minute Hyperliquid allows an address): the fills are read
      // when a position moved, or a minute after the last read (fills that left it as it was).
      if (probe) {
        positionSig = positionSignature(await account.positions());
        const lastRead = cursor.fillsReadAt?.getTime();
        const fresh = lastRead !== undefined && this.deps.now().getTime() - lastRead < FULL_READ_MS;
        if (positionSig === cursor.positionSig && fresh) {
          await repo.release(this.instanceId, connectionId, this.deps.now());
          return true;
        }
      }
      fills = await account.fillsSince(from);
      const fundingFrom = fundingReadFrom(cursor, fills);
      if (fundingFrom !== null) {
        const payments = await account.fundingSince(fundingFrom);
        const nowMs = this.deps.now().getTime();
        funding = { payments, nextFrom: nextFundingFrom(fundingFrom, nowMs) };
      }
    } catch (error) {
      await this.#failed(cursor, error);
      return false;
    }
    const until = new Date(this.deps.now().getTime() + LEASE_MS);
    if (!(await repo.renewLease(this.instanceId, connectionId, until))) return false;
    let applied: AppliedFills;
    try {
      applied = await this.deps.db.transaction((tx) =>
        applyFills(tx, fills, {
          me: this.instanceId,
          userId,
          connectionId,
          now: this.deps.now(),
          ...(funding && { funding }),
          applyOutcome: (q, user, outcome) => this.deps.risk.applyOutcome(q, user, outcome),
          ...(this.deps.risk.applyOffPlan && {
            applyOffPlan: (q, user, outcome) => this.deps.risk.applyOffPlan!(q, user, outcome),
          }),
          log: this.deps.log,
        }),
      );
    } catch (error) {
      if (!(error instanceof LeaseLost)) await this.#failed(cursor, error);
      return false;
    }
    if (backfill) await repo.markBackfilled(this.instanceId, connectionId, from);
    await repo.noteRead(this.instanceId, connectionId, positionSig, this.deps.now());
    await repo.release(this.instanceId, connectionId, this.deps.now());
    const { closed, tradesChanged, riskChanged } = applied;
    if (tradesChanged) this.#changed(userId, 'trades');
    if (riskChanged) this.#changed(userId, 'risk');
    this.#excursions?.afterFills(
      closed.map((link) => link.tradeId),
      () => this.#changed(userId, 'trades'),
    );
    await this.#cancelRestingEntries(account, closed);
    return true;
  }

  /** An ended session's resting entries cancelled (and positions closed when asked). */
  async #enforceSessionEnd(userId: string, connectionId: string) {
    const hook = this.#sessionEnd;
    if (!hook) return;
    const { db, log } = this.deps;
    const tradesChanged = (id: string) => this.#changed(id, 'trades');
    await enforceSessionEnd({ db, log, hook, tradesChanged }, userId, connectionId);
  }

  readonly #intentsResolved = (userId: string) => this.#changed(userId, 'trades');

  /** Tells the trader's open pages (every instance's) that their journal changed. */
  #changed(userId: string, kind: 'trades' | 'risk') {
    void this.deps.journal?.changed(userId, kind);
  }

  /**
   * A limit entry partly filled, then closed by its exits: what is left of the entry must not
   * open a position the journal no longer follows. Cancelled by cloid, best effort (an entry
   * already filled or gone is skipped).
   */
  async #cancelRestingEntries(account: ExchangeAccount, closed: readonly TradeOrdersRow[]) {
    for (const link of closed) {
      if (link.orderType !== 'limit') continue;
      await Promise.resolve()
        .then(() => account.cancelByCloids(link.coin, [link.entryCloid as `0x${string}`]))
        .catch((err: unknown) =>
          this.deps.log.warn(
            { tradeId: link.tradeId, reason: err instanceof Error ? err.message : 'unknown' },
            'reconciler: could not cancel the rest of an entry',
          ),
        );
    }
  }

  /**
   * A pass that failed: a removed connection's cursor is dropped; otherwise one failure more
   * and no pass before now + min(interval × 2^failures, 5 min). Logged without secrets.
   */
  async #failed(cursor: ExchangeCursorRow, error: unknown) {
    const { connectionId, userId } = cursor;
    const repo = this.#repo();
    const now = this.deps.now();
    if (error instanceof AppError && error.code === 'EXCHANGE_NOT_CONNECTED') {
      if (!(await repo.connectionExists(userId, connectionId))) {
        await repo.dropCursor(connectionId);
        return;
      }
    }
    // An API wallet that does not act for its wallet: that account's fills are not this
    // trader's to read (DESIGN.md section 11). Its cursor goes; nothing is verified from it.
    if (error instanceof AppError && error.code === 'NOT_ACCOUNT_OWNER') {
      await repo.dropCursor(connectionId);
      return;
    }
    const failures = cursor.failures + 1;
    const base = this.deps.intervalMs > 0 ? this.deps.intervalMs : DEFAULT_BACKOFF_BASE_MS;
    const delay = Math.min(base * 2 ** failures, MAX_BACKOFF_MS);
    await repo.backOff(
      this.instanceId,
      connectionId,
      failures,
      new Date(now.getTime() + delay),
      now,
    );
    const retryInMs = delay;
    if (error instanceof ExchangeError || error instanceof AppError) {
      this.deps.log.warn(
        { connectionId, failures, retryInMs, reason: error.message },
        'reconciler: reading fills failed; retrying later',
      );
    } else {
      this.deps.log.error(
        { connectionId, failures, retryInMs, err: error },
        'reconciler: applying fills failed; retrying later',
      );
    }
  }
}
