import { hasFeature, premiumLockTexts, type PlanAccess, type PremiumFeatureId } from '@tb/core';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';

/** A user's premium and plan at a time (the users module answers it). */
export interface PlanAccessSource {
  planAccess(user: UserRow, now: Date): Promise<PlanAccess>;
}

/**
 * The user's plan access at `now`, once it is known to include `feature`; else 403
 * PREMIUM_REQUIRED with the premium lock's sentence. Every premium route's check.
 */
export async function requireFeature(
  plans: PlanAccessSource,
  user: UserRow,
  feature: PremiumFeatureId,
  now: Date,
): Promise<PlanAccess> {
  const access = await plans.planAccess(user, now);
  if (!hasFeature(access, feature)) {
    throw new AppError(403, 'PREMIUM_REQUIRED', premiumLockTexts.defaultMessage);
  }
  return access;
}
