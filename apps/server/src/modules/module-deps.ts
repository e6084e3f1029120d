import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
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
}
