import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { LiveIntentRow } from '../../db/schema/index.js';
import { AppError, appErrorBody } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { SKIPPED, type UserLocks } from '../../lib/user-lock.js';
import { IdempotencyKeys, type LiveRequest, type StoredAnswer } from './idempotency.js';

export type { LiveRequest } from './idempotency.js';
import { LiveIntentsRepository, type LiveIntentKind } from './live-intents.repository.js';

export { FAULT_POINTS, type FaultPoint, type Faults } from './fault-points.js';
import type { FaultPoint, Faults } from './fault-points.js';

/** An intent's fate cannot be known yet (the exchange did not answer, or may still take it). */
export const orderUnconfirmed = (detail: string) =>
  new AppError(
    503,
    'ORDER_UNCONFIRMED',
    `${detail} The app keeps checking with the exchange by itself and records the order or cancels it within a minute: don't send it again.`,
  );

/** How often the reconciler's passes drop answers kept past their 24 h. */
const PURGE_EVERY_MS = 60_000;

/** How long an intent the exchange does not know may still arrive there (a request in flight). */
export const INTENT_GRACE_MS = 30_000;

/** Resolves one intent of a kind: adopts what the exchange holds, or drops the intent. */
export type IntentResolver = (intent: LiveIntentRow) => Promise<void>;

/**
 * Where every live action of a trader goes through (DESIGN.md section 11): one at a time per
 * trader (UserLocks), answered once per Idempotency-Key, its intents resolved before anything
 * new is sent. The actions themselves (placement, stop moves, closes, cancels) register how to
 * resolve their intents; the reconciler calls resolveOrphans on every pass and at start-up.
 */
export class LiveDesk {
  readonly #resolvers = new Map<LiveIntentKind, IntentResolver>();
  #purgedAt = -Infinity;

  constructor(
    private readonly deps: {
      db: Db;
      now: Clock;
      locks: UserLocks;
      log: FastifyBaseLogger;
      faults?: Faults | undefined;
    },
  ) {}

  get now(): Clock {
    return this.deps.now;
  }

  /** A fault point: a test's crash, nothing in production. */
  async fault(point: FaultPoint): Promise<void> {
    await this.deps.faults?.(point);
  }

  onResolve(kind: LiveIntentKind, resolver: IntentResolver): void {
    this.#resolvers.set(kind, resolver);
  }

  /**
   * Runs a live action under the trader's lock. With an Idempotency-Key: a key answered
   * before gets that answer again; a key whose first request never answered has its intents
   * resolved first (an order that reached the exchange is adopted, and that is the answer);
   * a new key runs the action, and its answer (2xx or 4xx) is kept. A 5xx is not kept: a retry
   * looks again.
   */
  async run(
    userId: string,
    request: LiveRequest,
    action: (key: string | undefined) => Promise<StoredAnswer>,
  ): Promise<StoredAnswer> {
    return this.deps.locks.run(userId, async () => {
      const { key } = request;
      const keys = new IdempotencyKeys(this.deps.db);
      if (key) {
        let claim = await keys.claim(userId, key, request.fingerprint, this.deps.now());
        if (claim.state === 'pending') {
          await this.resolveUser(userId);
          claim = await keys.claim(userId, key, request.fingerprint, this.deps.now());
          if (
            claim.state === 'pending' &&
            (await new LiveIntentsRepository(this.deps.db).byKey(userId, key))
          ) {
            throw orderUnconfirmed('Your first request with this key is not settled yet.');
          }
        }
        if (claim.state === 'done') return { status: claim.status, body: claim.body };
      }
      try {
        const answer = await action(key);
        if (key) await keys.complete(userId, key, answer);
        return answer;
      } catch (err) {
        if (key && err instanceof AppError && err.status < 500) {
          await keys
            .complete(userId, key, { status: err.status, body: appErrorBody(err) })
            .catch(() => undefined);
        }
        throw err;
      }
    });
  }

  /**
   * Resolves every intent of the user, oldest first; the caller holds the user's lock. One
   * that cannot be resolved now (the exchange does not answer) stays for the next pass.
   * Answers how many were worked without an error.
   */
  async resolveUser(userId: string): Promise<number> {
    const intents = await new LiveIntentsRepository(this.deps.db).forUser(userId);
    let worked = 0;
    for (const intent of intents) {
      const resolve = this.#resolvers.get(intent.kind);
      if (!resolve) continue;
      try {
        await resolve(intent);
        worked++;
      } catch (err) {
        this.deps.log.warn(
          {
            intentId: intent.id,
            kind: intent.kind,
            tradeId: intent.tradeId,
            reason: err instanceof Error ? err.message : 'unknown',
          },
          'live intent not resolved yet; retrying on the next pass',
        );
      }
    }
    return worked;
  }

  /**
   * The reconciler's share: intents whose request is gone (a crash, a lost database, an
   * exchange that did not answer) are resolved when their trader has no action running.
   * Answers how many traders were looked at; `onResolved` hears each trader whose intents
   * were worked (their journal may have changed).
   */
  async resolveOrphans(onResolved?: (userId: string) => void): Promise<number> {
    const users = await new LiveIntentsRepository(this.deps.db).usersWithIntents();
    let worked = 0;
    for (const userId of users) {
      const done = await this.deps.locks.tryRun(userId, () => this.resolveUser(userId));
      if (done === SKIPPED) continue;
      worked++;
      if (done > 0) onResolved?.(userId);
    }
    // Keys older than 24 h go once a minute, not on every pass (a claim drops its user's own).
    const now = this.deps.now();
    if (now.getTime() - this.#purgedAt >= PURGE_EVERY_MS) {
      await new IdempotencyKeys(this.deps.db).purge(now);
      this.#purgedAt = now.getTime();
    }
    return worked;
  }

  /** Whether an intent is young enough that its order may still be on its way. */
  young(intent: LiveIntentRow): boolean {
    return this.deps.now().getTime() - intent.createdAt.getTime() < INTENT_GRACE_MS;
  }
}
