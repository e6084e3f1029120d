import { z } from 'zod';
import { isValidTimeZone } from '../risk/trading-day.js';
import { EmailSchema, UsernameSchema } from './auth.js';
import { booleanField, IdParamsSchema, IdSchema, type IdParams } from './common.js';

/** Subscription plans (SPEC.md section 3). */
export const PlanIdSchema = z.enum(['quick', 'monthly', 'quarterly', 'annual'], {
  error: 'Plan must be quick, monthly, quarterly or annual',
});
export type PlanId = z.infer<typeof PlanIdSchema>;

/** A user's subscription as the client sees it; dates are ISO strings. */
export const SubscriptionSchema = z.object({
  active: z.boolean(),
  plan: PlanIdSchema.nullable(),
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
});
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/** An IANA time zone name the runtime knows ('Europe/Paris'); the user's trading day. */
export const TimeZoneSchema = z
  .string({ error: 'Time zone is required' })
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

/** PUT /api/users/email (admin, or the user for their own id). */
export const UpdateEmailRequestSchema = z.object({ userId: IdSchema, email: EmailSchema });
export type UpdateEmailRequest = z.infer<typeof UpdateEmailRequestSchema>;

/** PUT /api/users/username (admin, or the user for their own id). */
export const UpdateUsernameRequestSchema = z.object({ userId: IdSchema, username: UsernameSchema });
export type UpdateUsernameRequest = z.infer<typeof UpdateUsernameRequestSchema>;

/** POST /api/users/send-verification. */
export const SendVerificationRequestSchema = z.object({ userId: IdSchema });
export type SendVerificationRequest = z.infer<typeof SendVerificationRequestSchema>;

/** `:id` of DELETE /api/users/:id and /api/users/:id/subscription... */
export const UserIdParamsSchema = IdParamsSchema;
export type UserIdParams = IdParams;

/** GET /api/users/all (admin): every user. */
export const UserListResponseSchema = z.array(PublicUserSchema);
export type UserListResponse = z.infer<typeof UserListResponseSchema>;
