import type { Broadcast } from '../../lib/redis/broadcast.js';

/** What changed in a trader's journal: the trades, or the risk state (streak, stoplosses). */
export type JournalChange = 'trades' | 'risk';

/** The event a trader's open streams receive. */
export interface JournalEvent {
  userId: string;
  kind: JournalChange;
}

type Listener = (kind: JournalChange) => void;

/** The broadcast channel of journal changes (every instance hears it). */
export const JOURNAL_CHANGED = 'journal:changed';

function parseEvent(message: string): JournalEvent | null {
  try {
    const value = JSON.parse(message) as Partial<JournalEvent>;
    const kindOk = value.kind === 'trades' || value.kind === 'risk';
    return typeof value.userId === 'string' && kindOk
      ? { userId: value.userId, kind: value.kind! }
      : null;
  } catch {
    return null;
  }
}

/**
 * "A trader's journal changed" for changes made outside that trader's own requests (the
 * reconciler closing a trade from fills, journaling an off-plan trade, an ended session's
 * cancels): published through the app's Broadcast, so the instance holding the trader's
 * stream hears it whichever instance made the change, and handed to that trader's listeners.
 * A listener learns only that something changed; the client reads the journal again.
 */
export class JournalEvents {
  readonly #listeners = new Map<string, Set<Listener>>();

  constructor(private readonly broadcast: Broadcast) {
    broadcast.subscribe(JOURNAL_CHANGED, (message) => {
      const event = parseEvent(message);
      if (event) this.#deliver(event.userId, event.kind);
    });
    // Messages may have been missed while Redis was away: every listener reads both again.
    broadcast.onResync(() => {
      for (const userId of this.#listeners.keys()) {
        this.#deliver(userId, 'trades');
        this.#deliver(userId, 'risk');
      }
    });
  }

  /** Tells every instance that `userId`'s journal changed; never rejects. */
  async changed(userId: string, kind: JournalChange): Promise<void> {
    await this.broadcast.publish(JOURNAL_CHANGED, JSON.stringify({ userId, kind }));
  }

  /** Calls `listener` on each change of `userId`'s journal; answers how to stop. */
  listen(userId: string, listener: Listener): () => void {
    let set = this.#listeners.get(userId);
    if (!set) {
      set = new Set();
      this.#listeners.set(userId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.#listeners.get(userId) === set) this.#listeners.delete(userId);
    };
  }

  /** How many listeners `userId` has on this instance. */
  listeners(userId: string): number {
    return this.#listeners.get(userId)?.size ?? 0;
  }

  #deliver(userId: string, kind: JournalChange) {
    for (const listener of this.#listeners.get(userId) ?? []) listener(kind);
  }
}
