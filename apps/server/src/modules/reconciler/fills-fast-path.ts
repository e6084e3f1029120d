import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/client.js';
import { FillsSocket, SOCKET_USERS } from './fills-socket.js';
import type { LiveLevels } from './live-levels.js';
import { markDue, type LiveTrade } from './price-watch.js';

type Network = LiveLevels['network'];

/**
 * The live loop's fast path (DESIGN.md section 13): for each network whose WebSocket it knows
 * (Hyperliquid's, or the paper exchange's `/paper/ws`), one socket follows the fills of the
 * first SOCKET_USERS accounts with live trades (the longest live first: the order stays put
 * while they trade, and is the same in every instance). A fill pushed marks the account's
 * connections due, so the next pass reads it (a close in another app, a partial fill, in about a
 * second). The price watch and the sweep cover every account, followed or not: the socket is
 * never the only path.
 */
export class FillsFastPath {
  readonly #sockets = new Map<Network, FillsSocket>();
  /** The connections of each followed account, by `network:address`. */
  #connections = new Map<string, string[]>();
  #closed = false;

  constructor(
    private readonly deps: {
      db: Queryable;
      log: FastifyBaseLogger;
      now: () => Date;
      /** The network's WebSocket URL, or null while it has none (the paper one before listening). */
      url: (network: Network) => string | null;
      /** The first wait before a socket connects again (tests shorten it). */
      retryMs?: number;
    },
  ) {}

  /** Each pass: the accounts to follow, from the live trades. */
  follow(live: readonly LiveTrade[]): void {
    if (this.#closed) return;
    const byNetwork = new Map<Network, string[]>();
    const connections = new Map<string, string[]>();
    const ordered = [...live].sort(
      (a, b) => a.placedAt.getTime() - b.placedAt.getTime() || a.tradeId.localeCompare(b.tradeId),
    );
    for (const trade of ordered) {
      const user = trade.wallet.toLowerCase();
      const key = `${trade.network}:${user}`;
      const ids = connections.get(key);
      if (ids) {
        if (!ids.includes(trade.connectionId)) ids.push(trade.connectionId);
        continue;
      }
      const users = byNetwork.get(trade.network) ?? [];
      if (users.length === SOCKET_USERS) continue;
      users.push(user);
      byNetwork.set(trade.network, users);
      connections.set(key, [trade.connectionId]);
    }
    this.#connections = connections;
    for (const network of new Set([...this.#sockets.keys(), ...byNetwork.keys()])) {
      this.#socket(network)?.follow(byNetwork.get(network) ?? []);
    }
  }

  /** The users each network's socket has subscribed now (tests, logs). */
  following(network: Network): ReadonlySet<string> {
    return this.#sockets.get(network)?.following ?? new Set();
  }

  close(): void {
    this.#closed = true;
    for (const socket of this.#sockets.values()) socket.close();
    this.#sockets.clear();
  }

  #socket(network: Network): FillsSocket | null {
    const known = this.#sockets.get(network);
    if (known) return known;
    const url = this.deps.url(network);
    if (!url) return null;
    const socket = new FillsSocket({
      url,
      log: this.deps.log,
      onFills: (user) => void this.#filled(network, user),
      ...(this.deps.retryMs !== undefined && { retryMs: this.deps.retryMs }),
    });
    this.#sockets.set(network, socket);
    return socket;
  }

  async #filled(network: Network, user: string): Promise<void> {
    const ids = this.#connections.get(`${network}:${user}`);
    if (!ids || this.#closed) return;
    try {
      await markDue(this.deps.db, ids, this.deps.now());
    } catch (err) {
      this.deps.log.warn({ err, network }, 'fills socket: could not mark a connection due');
    }
  }
}

/** Hyperliquid's WebSocket beside its REST URL: `https://host` → `wss://host/ws`. */
export function socketUrl(restUrl: string): string {
  return `${restUrl.replace(/^http/, 'ws').replace(/\/$/, '')}/ws`;
}
