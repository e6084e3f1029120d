import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';
import { BingoRepository } from './bingo.repository.js';
import { bingoRoutes } from './bingo.routes.js';
import { BingoService, type PlanAccessSource } from './bingo.service.js';

/** The boards; trades take a trade's score from the stored board through its service. */
export async function registerBingo(
  api: FastifyInstance,
  { db, now, log }: ModuleDeps,
  uses: { plans: PlanAccessSource },
): Promise<BingoService> {
  const bingo = new BingoService(new BingoRepository(db), uses.plans, now, log);
  await api.register(bingoRoutes, { bingo });
  return bingo;
}
