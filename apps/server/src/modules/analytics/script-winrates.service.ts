import { scriptCellWinRates, type ScriptCellWinRatesResponse } from '@tb/core';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import { requireFeature, type PlanAccessSource } from '../subscriptions/require-feature.js';
import { scriptWinRateCounts } from './script-winrates.repository.js';

/**
 * How long the case winrate is kept: it sums every trader's verified trades, which one more
 * trade barely moves, so one count a minute serves every annual trader (each instance keeps
 * its own).
 */
export const SCRIPT_WINRATES_TTL_MS = 60_000;

/**
 * GET /api/analytics/script-cells (DESIGN.md section 15, the case winrate): each script cell's
 * win rate across every trader's verified trades, anonymous and aggregate, for the annual plan
 * (core's caseWinrate feature). Counted by one SQL aggregate (script-winrates.repository.ts
 * says which trades count) and kept SCRIPT_WINRATES_TTL_MS; requests arriving while it is
 * counted share that count.
 */
export class ScriptWinRatesService {
  #kept: { atMs: number; value: ScriptCellWinRatesResponse } | null = null;
  #counting: Promise<ScriptCellWinRatesResponse> | null = null;

  constructor(
    private readonly db: Db,
    private readonly plans: PlanAccessSource,
    private readonly now: Clock,
  ) {}

  async winRates(user: UserRow): Promise<ScriptCellWinRatesResponse> {
    const now = this.now();
    await requireFeature(this.plans, user, 'caseWinrate', now);
    const kept = this.#kept;
    const age = now.getTime() - (kept?.atMs ?? 0);
    // A clock set back (tests, a corrected host clock) counts again too.
    if (kept && age >= 0 && age < SCRIPT_WINRATES_TTL_MS) return kept.value;
    this.#counting ??= this.#count(now).finally(() => {
      this.#counting = null;
    });
    return this.#counting;
  }

  async #count(now: Date): Promise<ScriptCellWinRatesResponse> {
    const counts = await scriptWinRateCounts(this.db);
    const value = { ...scriptCellWinRates(counts), computedAt: now.toISOString() };
    this.#kept = { atMs: now.getTime(), value };
    return value;
  }
}
