import { randomUUID } from 'node:crypto';
import type { ExchangeFill } from '@tb/core';
import type { ExchangeAccount, Network, WeightPriority } from '@tb/hyperliquid';
import { withWeightPriority } from '../../lib/weight-priority.js';
import type { ExchangeCursorRow } from '../../db/schema/index.js';
import { isUuid } from '../../lib/ids.js';
import { CURSOR_LEAD_MS } from '../trades/trade-orders.repository.js';
import { applyFills, LeaseLost, type AppliedFills, type PassContext } from './apply-fills.js';
import { fundingReadFrom, heldAcrossAnHour, nextFundingFrom } from './fundings.js';
import { WatchedConnectionsRepository } from './watched-connections.js';
import { LEASE_BATCH, ReconcilerRepository } from './reconciler.repository.js';
import { SessionEndWatch, type SessionEnd } from './session-end.js';
import { liveTrades, PriceWatch } from './price-watch.js';
import type { FillsFastPath } from './fills-fast-path.js';
import { cancelRestOfEntries } from './rest-of-entry.js';
import { fullReadMs, sweepLimit, sweepMs } from './sweep.js';
import { fillsExpected, liveOn } from './due-check.js';
import { MAX_BACKOFF_MS, passFailed } from './pass-failure.js';
import { PassSteps } from './pass-steps.js';

import {
  positionSignature,
  type ExcursionsFiller,
  type IntentResolution,
  type ReconcilerDeps,
} from './reconciler-deps.js';

export { MAX_BACKOFF_MS };
export type { JournalNotifier, ReconcilerDeps } from './reconciler-deps.js';

export type { SessionEnd } from './session-end.js';

/** How long a lease holds a connection for one instance. */
export const LEASE_MS = 30_000;
/** Due connections worked at the same time in one pass. */
const CONCURRENCY = 4;
/** Sweeps the loop runs in the background at most at once (they never hold up a pass). */
const SWEEPS_IN_FLIGHT = 4;
/** What a sweep may spend on one connection: its positions, then maybe its fills. */
const SWEEP_WEIGHT = 22;

/** How a connection is worked: a due one, the sweep's look, or a route's sync. */
type WorkMode = 'due' | 'sweep' | 'sync';

/**
 * The live trading loop's reconciler (DESIGN.md sections 9 and 13): reads the fills of
 * connections whose live trades the market reached a level of (price-watch.ts), and of every
 * watched connection on a slow sweep (sweep.ts), and closes those trades from them, verified,
 * moving the risk state.
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
  readonly #sessionEnds = new SessionEndWatch();
  #excursions: ExcursionsFiller | null = null;
  readonly #watch: PriceWatch | null;
  /** The WebSockets that tell of fills before prices do (set by the module; closed on stop). */
  fastPath: FillsFastPath | null = null;
  #lastPassAt: Date | null = null;
  /** The loop's sweeps in flight (started by a pass, not awaited by it). */
  readonly #sweeps = new Set<Promise<unknown>>();

  constructor(private readonly deps: ReconcilerDeps) {
    this.instanceId = deps.instanceId ?? randomUUID();
    const { networks } = deps;
    this.#watch = networks.market
      ? new PriceWatch({ db: deps.db, log: deps.log, market: (n) => networks.market!(n) })
      : null;
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
   * journal trade before its fills are read), then the prices looked at (connections whose
   * trades reached a level are due), then due connections leased (FOR UPDATE SKIP LOCKED),
   * those due read at once, those on the sweep probed first (positions, then fills when they
   * moved); returns how many connections were worked.
   */
  async runOnce({
    sweepInBackground = false,
  }: { sweepInBackground?: boolean } = {}): Promise<number> {
    const steps = new PassSteps();
    await this.#intents
      ?.resolveOrphans(this.#intentsResolved)
      .catch((err: unknown) => this.deps.log.error({ err }, 'reconciler: intents failed'));
    const now = this.deps.now();
    await new WatchedConnectionsRepository(this.deps.db).ensureWatchedCursors(now);
    steps.done('intents');
    await this.#watchLive(now);
    steps.done('prices');
    const repo = this.#repo();
    const watched = await repo.cursorCount();
    const sincePass = this.#lastPassAt ? now.getTime() - this.#lastPassAt.getTime() : null;
    this.#lastPassAt = now;
    const room = sweepInBackground ? SWEEPS_IN_FLIGHT - this.#sweeps.size : LEASE_BATCH;
    const leased = await repo.leaseDue(this.instanceId, now, new Date(now.getTime() + LEASE_MS), {
      sweepMs: sweepMs(watched),
      sweepLimit: Math.min(room, sweepLimit(watched, sincePass ?? this.deps.intervalMs)),
    });
    steps.done('lease');
    // A connection this instance is already working is left to that pass (which releases it).
    const todo = leased.filter((cursor) => !this.#inFlight.has(cursor.connectionId));
    const isDue = (cursor: ExchangeCursorRow) => cursor.dueAt !== null && cursor.dueAt <= now;
    const fullRead = fullReadMs(watched);
    const workOn = (cursor: ExchangeCursorRow) => {
      // Due (a level reached): first in the budget. Else the sweep's look, behind it.
      const mode = isDue(cursor) ? 'due' : 'sweep';
      const work = () =>
        withWeightPriority(mode === 'due' ? 'live' : 'sweep', () =>
          this.#work(cursor, { mode, fullReadMs: fullRead, passAt: now }),
        );
      return this.#serial(cursor.connectionId, work).catch((err: unknown) =>
        this.deps.log.error({ err, connectionId: cursor.connectionId }, 'reconciler: failed'),
      );
    };
    const awaited = sweepInBackground ? todo.filter(isDue) : todo;
    for (const cursor of todo) {
      if (awaited.includes(cursor)) continue;
      const sweep: Promise<unknown> = workOn(cursor).finally(() => this.#sweeps.delete(sweep));
      this.#sweeps.add(sweep);
    }
    let next = 0;
    const worker = async () => {
      while (next < awaited.length) await workOn(awaited[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, awaited.length) }, worker));
    steps.done('due');
    // After the passes (a cancel reads the connection's fills again, through its queue).
    await this.#enforceSessionEnds();
    steps.done('sessionEnds');
    steps.report(this.deps.log, { due: awaited.length, swept: todo.length - awaited.length });
    // Excursions a first read missed (in the background; at most once a minute, a few trades).
    void withWeightPriority('low', async () => this.#excursions?.sweepInBackground());
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
      return this.#work(cursor, { since: opts.since, mode: 'sync', passAt: now });
    });
  }

  /** The live trades looked at: which reached a level (due now), whose fills sockets follow. */
  async #watchLive(now: Date): Promise<void> {
    if (!this.#watch && !this.fastPath) return;
    try {
      const live = await liveTrades(this.deps.db);
      this.fastPath?.follow(live);
      await this.#watch?.tick(now, live);
    } catch (err) {
      this.deps.log.error({ err }, 'reconciler: watching prices failed');
    }
  }

  /** Starts the background loop (a setTimeout chain that never holds the process open). */
  start(): void {
    if (this.deps.intervalMs <= 0 || this.#timer || !this.#stopped) return;
    this.#stopped = false;
    this.#schedule();
  }

  /** Stops the loop and waits for the pass and the sweeps in flight. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.fastPath?.close();
    await this.#pass;
    await Promise.all(this.#sweeps);
  }

  #schedule() {
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#pass = this.runOnce({ sweepInBackground: true })
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
    {
      since,
      mode,
      fullReadMs: fullRead = 0,
      passAt,
    }: { since?: number | undefined; mode: WorkMode; fullReadMs?: number; passAt: Date },
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
      const { network } = connection;
      account = this.deps.networks.account(network, connection.credentials);
      // A sweep waits for a pass with room in the budget (it never makes the live loop wait).
      if (mode === 'sweep' && !(await this.#roomFor(network, 'sweep', SWEEP_WEIGHT))) {
        await repo.putBack(this.instanceId, connectionId);
        return true;
      }
      // Due: a cheap look first (due-check.ts); the fills only when it shows what is not known.
      if (mode === 'due') {
        const live = await liveOn(this.deps.db, userId, connectionId);
        if (!(await fillsExpected(account, live))) {
          await repo.metDue(this.instanceId, connectionId, passAt, this.deps.now());
          return true;
        }
      }
      // The sweep looks at the positions first (weight 2 against userFillsByTime's 20 and
      // more, of the 1,200 a minute Hyperliquid allows an IP): the fills are read when a
      // position moved, or when the last read is fullReadMs old (a round trip that left the
      // positions as they were).
      if (mode === 'sweep') {
        positionSig = positionSignature(await account.positions());
        const lastRead = cursor.fillsReadAt?.getTime();
        const fresh = lastRead !== undefined && this.deps.now().getTime() - lastRead < fullRead;
        // No signature yet (null: a bracket was just placed, its fills read by the placement
        // and watched by price): this one is the first to compare with.
        const moved = cursor.positionSig !== null && positionSig !== cursor.positionSig;
        if (!moved && fresh) {
          await repo.release(this.instanceId, connectionId, this.deps.now());
          return true;
        }
      }
      fills = await account.fillsSince(from);
      const fundingFrom = fundingReadFrom(cursor, fills);
      if (fundingFrom !== null && (await heldAcrossAnHour(this.deps.db, connectionId, fills))) {
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
    await repo.noteRead(this.instanceId, connectionId, positionSig, this.deps.now(), passAt);
    await repo.release(this.instanceId, connectionId, this.deps.now());
    const { closed, tradesChanged, riskChanged } = applied;
    if (tradesChanged) this.#changed(userId, 'trades');
    if (riskChanged) this.#changed(userId, 'risk');
    // MFE / MAE candles wait behind the live loop and the sweep in the weight budget.
    void withWeightPriority('low', async () =>
      this.#excursions?.afterFills(
        closed.map((link) => link.tradeId),
        () => this.#changed(userId, 'trades'),
      ),
    );
    await cancelRestOfEntries(account, closed, this.deps.log);
    return true;
  }

  /** Ended sessions' resting entries cancelled (and positions closed when asked). */
  async #enforceSessionEnds() {
    const hook = this.#sessionEnd;
    if (!hook) return;
    const { db, log } = this.deps;
    const tradesChanged = (id: string) => this.#changed(id, 'trades');
    await this.#sessionEnds
      .run({ db, log, hook, tradesChanged })
      .catch((err: unknown) => log.error({ err }, 'reconciler: session ends failed'));
  }

  readonly #intentsResolved = (userId: string) => this.#changed(userId, 'trades');

  /** Tells the trader's open pages (every instance's) that their journal changed. */
  #changed(userId: string, kind: 'trades' | 'risk') {
    void this.deps.journal?.changed(userId, kind);
  }

  /** Whether the network's weight budget has `weight` for `priority` (no meter: always). */
  async #roomFor(network: Network, priority: WeightPriority, weight: number): Promise<boolean> {
    const { networks } = this.deps;
    return !networks.hasRoom || (await networks.hasRoom(network, priority, weight));
  }

  /** A pass that failed (pass-failure.ts). */
  async #failed(cursor: ExchangeCursorRow, error: unknown) {
    const { db, now, log, intervalMs } = this.deps;
    await passFailed({ db, now, log, intervalMs, me: this.instanceId }, cursor, error);
  }
}
