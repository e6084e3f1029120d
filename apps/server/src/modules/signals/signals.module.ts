import { marketPriceText } from '@tb/core';
import type { FastifyInstance } from 'fastify';
import type { ExchangeService } from '../exchange/exchange.service.js';
import type { ModuleDeps } from '../module-deps.js';
import { signalsRoutes } from './signals.routes.js';
import { SignalsRepository } from './signals.repository.js';
import { SignalsService } from './signals.service.js';
import type { WebhookSender } from './webhook-sender.js';

/**
 * Discord signals. They read the account from the exchange proxy (the test message) and
 * subscribe to its order events; the proxy knows nothing of signals.
 */
export async function registerSignals(
  api: FastifyInstance,
  { db, config, now, log, box, state }: ModuleDeps,
  uses: { exchange: ExchangeService; send: WebhookSender },
): Promise<SignalsService> {
  const { exchange } = uses;
  const signals = new SignalsService({
    repo: new SignalsRepository(db),
    box,
    send: uses.send,
    snapshot: (userId) => exchange.snapshot(userId),
    log,
    now,
    state,
    prices: async (userId) => marketPriceText(await (await exchange.market(userId)).markets()),
  });
  exchange.onOrderEvent((event) => signals.onOrderEvent(event));
  await api.register(signalsRoutes, { signals, extraOrigins: config.signalTestOrigins });
  return signals;
}
