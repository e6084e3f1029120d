import { z } from 'zod';
import { wholeNumberText } from './common.js';

/**
 * What the audit log records: every admin change, the account changes a user makes to
 * themselves that matter for security or billing, and the security events of an account
 * (failed and throttled sign-ins, step-ups, refused admin requests; issue 29).
 */
export const AUDIT_ACTIONS = [
  'auth.sign_in_failed',
  'auth.sign_in_throttled',
  'auth.step_up_mailed',
  'auth.step_up_passed',
  'auth.admin_denied',
  'user.premium_status',
  'user.admin_status',
  'user.email',
  'user.username',
  'user.send_verification',
  'user.delete',
  'user.password_change',
  'user.password_reset',
  'session.revoke',
  'session.revoke_others',
  'subscription.add',
  'subscription.set_date',
  'subscription.cancel',
  'subscription.free_trial',
  'payment.activated',
  'strategy.create',
  'strategy.update',
  'strategy.publish',
  'strategy.delete',
  'chat.message_deleted',
  'chat.user_muted',
  'chat.user_unmuted',
  'api_key.create',
  'api_key.update',
  'api_key.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One audit entry as the admin panel shows it; names are resolved where the users exist. */
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  /** ISO time of the change. */
  createdAt: z.string(),
  action: z.string(),
  /** Who did it: null for the command line or a deleted account. */
  actor: z.object({ id: z.string(), username: z.string() }).nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** Username of the target user, when it names one; from the details for deleted users. */
  targetLabel: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const limitMessage = 'Limit must be a whole number from 1 to 200';

/** GET /api/admin/audit-log: the newest entries first. */
export const AuditLogQuerySchema = z.object({
  limit: wholeNumberText(limitMessage, 1, 200).default(50),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>;

export const AuditLogResponseSchema = z.object({ entries: z.array(AuditEntrySchema) });
export type AuditLogResponse = z.infer<typeof AuditLogResponseSchema>;
