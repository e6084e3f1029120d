import {
  isPremium,
  readWidgetLayouts,
  subscriptionFromPeriod,
  type PlanAccess,
  type PublicUser,
  type StoredWidgetLayouts,
  type UserSettings,
  type UserSettingsRequest,
  type WidgetLayoutRequest,
  type WidgetLayoutResponse,
} from '@tb/core';
import type { UserRow } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { SharedState } from '../../lib/redis/shared-state.js';
import { knownPeriod } from '../../lib/session-cache.js';
import { WindowLimiter } from '../../lib/window-limiter.js';
import type { CurrentPeriod } from './users-admin.repository.js';
import type { UsersRepository } from './users.repository.js';

/** Accounts as the API shows them. */
/** Joining or leaving the leaderboard redoes its ranking, so a user may switch 10 times a minute. */
const LEADERBOARD_SWITCHES_PER_MINUTE = 10;

export interface UsersHooks {
  /**
   * Called when a user joins or leaves the public leaderboard, so its cached rankings are
   * dropped at once (the leaderboard module owns them).
   */
  onLeaderboardChange?: () => void;
  /** Where the leaderboard switch limit counts (shared by every instance with Redis). */
  state?: SharedState;
  /**
   * Called with the user as they are (old zone) before a new time zone is saved: the risk
   * module records today's trading day in the old zone, so the change waits for tomorrow.
   */
  beforeTimeZoneChange?: (user: UserRow) => Promise<void>;
}

export class UsersService {
  readonly #leaderboardSwitches: WindowLimiter;
  private readonly onLeaderboardChange: () => void;
  readonly #beforeTimeZoneChange: (user: UserRow) => Promise<void>;

  constructor(
    private readonly users: UsersRepository,
    hooks: UsersHooks = {},
  ) {
    this.#leaderboardSwitches = new WindowLimiter(
      'leaderboard-switches',
      LEADERBOARD_SWITCHES_PER_MINUTE,
      60_000,
      hooks.state,
    );
    this.onLeaderboardChange = hooks.onLeaderboardChange ?? (() => undefined);
    this.#beforeTimeZoneChange = hooks.beforeTimeZoneChange ?? (async () => undefined);
  }

  async getPublic(userId: string, now: Date): Promise<PublicUser> {
    const user = await this.users.findById(userId);
    if (!user) throw notFound('Failed to load user data');
    return this.toPublic(user, now);
  }

  /**
   * Sets the time zone of the user's trading day. It takes effect from the next trading day:
   * today's is recorded in the old zone first, so a change never empties today.
   */
  async setTimeZone(user: UserRow, timeZone: string, now: Date): Promise<PublicUser> {
    if (timeZone !== user.timeZone) await this.#beforeTimeZoneChange(user);
    await this.users.setTimeZone(user.id, timeZone, now);
    return this.toPublic({ ...user, timeZone }, now);
  }

  /**
   * The saved dashboard layouts, desktop and phone, or core's defaults when none was saved. The
   * column holds `{ desktop, mobile? }`, or a plain list saved before there was one layout per
   * breakpoint (the desktop one; the phone one is derived from it).
   */
  widgetLayout(user: UserRow): WidgetLayoutResponse {
    const layouts = readWidgetLayouts(user.widgetLayout as StoredWidgetLayouts | null);
    return { layout: layouts.desktop, layouts };
  }

  /**
   * Saves the breakpoints sent (`layouts`, or `layout` alone from older clients: the desktop
   * one), merged in the database with what is stored, so a save from one device never writes
   * back another breakpoint it read earlier.
   */
  async saveWidgetLayout(user: UserRow, body: WidgetLayoutRequest, now: Date) {
    const patch: Partial<StoredWidgetLayouts> = {};
    const desktop = body.layouts?.desktop ?? body.layout;
    if (desktop) patch.desktop = desktop;
    if (body.layouts?.mobile) patch.mobile = body.layouts.mobile;
    const merged = await this.users.mergeWidgetLayout(user.id, patch, now);
    return this.widgetLayout({ ...user, widgetLayout: merged });
  }

  /** The settings every browser of the user shares. */
  settings(user: UserRow): UserSettings {
    return {
      liveTradingEnabled: user.liveTradingEnabled,
      flattenOnSessionEnd: user.flattenOnSessionEnd,
    };
  }

  /** Whether the user asked the lock to close their positions (stored now). */
  async flattenOnSessionEnd(userId: string): Promise<boolean> {
    return (await this.users.findById(userId))?.flattenOnSessionEnd ?? false;
  }

  /** The user's live-trading switch as stored now (not a session's cached copy). */
  async liveTradingEnabled(userId: string): Promise<boolean> {
    return (await this.users.findById(userId))?.liveTradingEnabled ?? false;
  }

  async saveSettings(user: UserRow, update: UserSettingsRequest, now: Date): Promise<UserSettings> {
    const next = {
      liveTradingEnabled: update.liveTradingEnabled ?? user.liveTradingEnabled,
      flattenOnSessionEnd: update.flattenOnSessionEnd ?? user.flattenOnSessionEnd,
    };
    await this.users.setSettings(user.id, next, now);
    return this.settings({ ...user, ...next });
  }

  /** Premium as the server enforces it: the paid flag or a subscription period still running. */
  async isPremium(user: UserRow, now: Date): Promise<boolean> {
    return (await this.planAccess(user, now)).isPremium;
  }

  /**
   * Premium and the plan whose limits apply (exchange keys per plan). Premium granted by an
   * admin has no plan, whatever the subscription: core counts it as annual.
   */
  async planAccess(user: UserRow, now: Date): Promise<PlanAccess> {
    if (user.isPaidUser) return { isPremium: true, plan: null };
    const subscription = subscriptionFromPeriod(
      await this.#currentPeriod(user, now),
      now.getTime(),
    );
    const premium = isPremium({ isPaidUser: false, subscription }, now.getTime());
    return { isPremium: premium, plan: premium ? subscription.plan : null };
  }

  /** Joins or leaves the public leaderboard. */
  async setShowOnLeaderboard(user: UserRow, show: boolean, now: Date): Promise<PublicUser> {
    if (!(await this.#leaderboardSwitches.hit(user.id, now.getTime()))) {
      throw new AppError(429, 'RATE_LIMITED', 'Too many changes. Please try again in a minute.');
    }
    await this.users.setShowOnLeaderboard(user.id, show, now);
    this.onLeaderboardChange();
    return this.toPublic({ ...user, showOnLeaderboard: show }, now);
  }

  async toPublic(user: UserRow, now: Date): Promise<PublicUser> {
    return publicUser(user, await this.#currentPeriod(user, now), now);
  }

  /** The period the auth check read with this row (no query), else the database's. */
  async #currentPeriod(user: UserRow, now: Date): Promise<CurrentPeriod | null | undefined> {
    const known = knownPeriod(user, now);
    return known ? known.period : this.users.currentSubscription(user.id, now);
  }
}

/**
 * The user as every endpoint shows it, from the row and its current subscription period (the
 * one with the latest end still in the future). `isPaidUser` is the effective premium.
 */
export function publicUser(
  user: UserRow,
  period: CurrentPeriod | null | undefined,
  now: Date,
): PublicUser {
  const subscription = subscriptionFromPeriod(period, now.getTime());
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    isPaidUser: isPremium({ isPaidUser: user.isPaidUser, subscription }, now.getTime()),
    isAdmin: user.isAdmin,
    role: user.isAdmin ? 'admin' : 'user',
    isEmailVerified: user.emailVerifiedAt !== null,
    timeZone: user.timeZone,
    showOnLeaderboard: user.showOnLeaderboard,
    createdAt: user.createdAt.toISOString(),
    subscription,
  };
}
