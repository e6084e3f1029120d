import { useQuery } from '@tanstack/react-query';
import { hasFeature, type PlanAccess, type PremiumFeatureId } from '@tb/core';
import { meQueryOptions } from '@/features/auth';
import { useSession } from '@/lib/use-session';

/** Who is looking: signed in or not, and the plan access that decides what is shown. */
export interface PlanView {
  signedIn: boolean;
  /** False while the signed-in user is still loading. */
  known: boolean;
  access: PlanAccess;
  has: (feature: PremiumFeatureId) => boolean;
}

/**
 * The signed-in trader's plan access (premium and the subscription's plan; premium granted by
 * the team without a plan counts as annual, as on the server). Only decides what to show: the
 * server enforces every plan rule.
 */
export function usePlanView(): PlanView {
  const signedIn = useSession() !== null;
  const me = useQuery({ ...meQueryOptions(), enabled: signedIn });
  const access: PlanAccess =
    signedIn && me.data
      ? { isPremium: me.data.isPaidUser, plan: me.data.subscription.plan ?? null }
      : { isPremium: false, plan: null };
  return {
    signedIn,
    known: !signedIn || me.data !== undefined,
    access,
    has: (feature) => hasFeature(access, feature),
  };
}
