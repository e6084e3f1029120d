import { z } from 'zod';
import { isValidTimeZone } from '../risk/trading-day.js';
import { EmailSchema, NewPasswordSchema, UsernameSchema } from './auth.js';
import {
  booleanField,
  IdParamsSchema,
  IdSchema,
  type IdParams,
  wholeNumberText,
} from './common.js';
import { text } from './text.js';

/** Subscription plans (SPEC.md section 3). */
export const PlanIdSchema = z.enum(['quick', 'monthly', 'quarterly', 'annual'], {
  error: 'Plan must be quick, monthly, quarterly or annual',
});
export type PlanId = z.infer<typeof PlanIdSchema>;

/**
 * The plan of a subscription period: a paid (or admin-granted) plan, or `free`, the free 3-day
 * plan a user may claim once a month (SPEC.md section 9).
 */
export const SubscriptionPlanSchema = z.enum(['free', 'quick', 'monthly', 'quarterly', 'annual']);
export type SubscriptionPlan = z.infer<typeof SubscriptionPlanSchema>;

/** A user's subscription as the client sees it; dates are ISO strings. */
export const SubscriptionSchema = z.object({
  active: z.boolean(),
  plan: SubscriptionPlanSchema.nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  remainingDays: z.number().int().min(0),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const RoleSchema = z.enum(['user', 'admin']);
export type Role = z.infer<typeof RoleSchema>;

/** The user as every endpoint returns it: never a hash, a token or a secret. */
export const PublicUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  isPaidUser: z.boolean(),
  isAdmin: z.boolean(),
  role: RoleSchema,
  isEmailVerified: z.boolean(),
  timeZone: z.string(),
  /** Whether the user's results appear on the public leaderboard (they may leave it). */
  showOnLeaderboard: z.boolean(),
  createdAt: z.string(),
  subscription: SubscriptionSchema,
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

/** Login and register success: a 24-hour session token and the user. */
export const SessionResponseSchema = z.object({
  token: z.string(),
  /** ISO time the token stops working (24 h after issue). */
  expiresAt: z.string(),
  user: PublicUserSchema,
  message: z.string().optional(),
  /**
   * Sign-ins only: proof that this browser signed in to the account, to send back with later
   * sign-ins (LoginRequest `deviceTokens`); it spares a known device the step-up.
   */
  deviceToken: z.string().optional(),
});
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/** An IANA time zone name the runtime knows ('Europe/Paris'); the user's trading day. */
export const TimeZoneSchema = text('Time zone', 'Time zone is required')
  .trim()
  .min(1, 'Time zone is required')
  .refine(isValidTimeZone, { message: 'Time zone must be an IANA name such as Europe/Paris' });

/** PUT /api/users/time-zone (DESIGN.md: a per-user trading-day setting). */
export const TimeZoneRequestSchema = z.object({ timeZone: TimeZoneSchema });
export type TimeZoneRequest = z.infer<typeof TimeZoneRequestSchema>;

/** PUT /api/users/premium-status (admin). */
export const PremiumStatusRequestSchema = z.object({
  userId: IdSchema,
  isPaidUser: booleanField('Premium status'),
});
export type PremiumStatusRequest = z.infer<typeof PremiumStatusRequestSchema>;

/** PUT /api/users/admin-status (admin). */
export const AdminStatusRequestSchema = z.object({
  userId: IdSchema,
  isAdmin: booleanField('Admin status'),
});
export type AdminStatusRequest = z.infer<typeof AdminStatusRequestSchema>;

/** PUT /api/users/email (admin). The address counts as unverified until its owner confirms it. */
export const UpdateEmailRequestSchema = z.object({ userId: IdSchema, email: EmailSchema });
export type UpdateEmailRequest = z.infer<typeof UpdateEmailRequestSchema>;

/** PUT /api/users/username (admin). */
export const UpdateUsernameRequestSchema = z.object({ userId: IdSchema, username: UsernameSchema });
export type UpdateUsernameRequest = z.infer<typeof UpdateUsernameRequestSchema>;

/** POST /api/users/send-verification. */
export const SendVerificationRequestSchema = z.object({ userId: IdSchema });
export type SendVerificationRequest = z.infer<typeof SendVerificationRequestSchema>;

/** `:id` of DELETE /api/users/:id and /api/users/:id/subscription... */
export const UserIdParamsSchema = IdParamsSchema;
export type UserIdParams = IdParams;

/** PUT /api/users/password: the signed-in user changes their password. */
export const ChangePasswordRequestSchema = z.object({
  currentPassword: text('Current password', 'Current password is required')
    .min(1, 'Current password is required')
    .max(256, 'Current password is incorrect'),
  newPassword: NewPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** PUT /api/users/leaderboard: join or leave the public leaderboard. */
export const LeaderboardVisibilityRequestSchema = z.object({
  showOnLeaderboard: booleanField('Leaderboard visibility'),
});
export type LeaderboardVisibilityRequest = z.infer<typeof LeaderboardVisibilityRequestSchema>;

/**
 * A user as the admin panel lists them: the public fields plus `premiumGranted` (the
 * admin-set premium flag; `isPaidUser` is the effective premium, flag or running
 * subscription), the last activity and the number of recorded trades.
 */
export const AdminUserSchema = PublicUserSchema.extend({
  premiumGranted: z.boolean(),
  lastActiveAt: z.string().nullable(),
  tradeCount: z.number().int().min(0),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

const pageMessage = 'Page must be a whole number of 1 or more';
const pageSizeMessage = 'Page size must be a whole number from 1 to 100';

/** GET /api/users/all (admin): search (username or email, any case) and one page of results. */
export const AdminUserListQuerySchema = z.object({
  search: text('Search', 'Search must be text')
    .trim()
    .max(100, 'Search must be at most 100 characters')
    .default(''),
  page: wholeNumberText(pageMessage, 1, Number.MAX_SAFE_INTEGER).default(1),
  pageSize: wholeNumberText(pageSizeMessage, 1, 100).default(25),
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuerySchema>;

/** GET /api/users/all (admin): newest accounts first. */
export const AdminUserListResponseSchema = z.object({
  users: z.array(AdminUserSchema),
  /** Users matching the search, over all pages. */
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type AdminUserListResponse = z.infer<typeof AdminUserListResponseSchema>;

/** GET /api/users/stats (admin): counts for the panel's header. */
export const UserStatsResponseSchema = z.object({
  users: z.number().int().min(0),
  premium: z.number().int().min(0),
  admins: z.number().int().min(0),
  verified: z.number().int().min(0),
  activeSubscriptions: z.number().int().min(0),
  trades: z.number().int().min(0),
});
export type UserStatsResponse = z.infer<typeof UserStatsResponseSchema>;

/** One of the signed-in user's live sessions (Profile → Sessions); times are ISO strings. */
export const UserSessionSchema = z.object({
  id: z.string(),
  /** A readable label from the browser's user agent: 'Chrome on macOS', 'Unknown device'. */
  device: z.string(),
  /** The address the session signed in from, when it was known. */
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  /** The last request made with it (kept to a few minutes; the current one: now). */
  lastSeenAt: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof UserSessionSchema>;

/** GET /api/users/me/sessions: live sessions (neither signed out nor expired), last seen first. */
export const UserSessionListResponseSchema = z.object({ data: z.array(UserSessionSchema) });
export type UserSessionListResponse = z.infer<typeof UserSessionListResponseSchema>;

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `:id` of DELETE /api/users/me/sessions/:id: a session id is a uuid. */
export const UserSessionParamsSchema = z.object({
  id: text('Session id', 'Session id is required')
    .trim()
    .regex(SESSION_ID, 'Session id is not valid'),
});
export type UserSessionParams = z.infer<typeof UserSessionParamsSchema>;

/** POST /api/users/me/sessions/revoke-others: how many sessions were signed out. */
export const RevokeOtherSessionsResponseSchema = z.object({
  revoked: z.number().int().min(0),
});
export type RevokeOtherSessionsResponse = z.infer<typeof RevokeOtherSessionsResponseSchema>;
