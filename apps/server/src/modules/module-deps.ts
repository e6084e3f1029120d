import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import type { Broadcast } from '../lib/redis/broadcast.js';
import type { RedisLink } from '../lib/redis/redis-link.js';
import type { SharedState } from '../lib/redis/shared-state.js';
import type { SecretBox } from '../lib/secret-box.js';

/**
 * What buildApp makes once and hands every module's registrar. A registrar
 * (`register<Module>(api, deps, uses)`) builds its module's services from these and from the
 * services of the modules it uses (named in `uses`), registers its routes, and returns the
 * services other modules need.
 */
export interface ModuleDeps {
  config: Config;
  db: Db;
  /** The app's clock: every service that reads the time gets this one. */
  now: Clock;
  log: FastifyBaseLogger;
  /** Seals exchange keys and webhook URLs at rest. */
  box: SecretBox;
  /** REDIS_URL's connection (or none): its status is the health check's. */
  redis: RedisLink;
  /**
   * Limits and throttles: in Redis with REDIS_URL (shared by every instance, memory while it
   * is down), in memory without.
   */
  state: SharedState;
  /** Messages every instance hears: Redis pub/sub with REDIS_URL, this process without. */
  broadcast: Broadcast;
}
