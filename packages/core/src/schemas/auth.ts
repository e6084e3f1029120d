import { z } from 'zod';
import {
  authMessages as m,
  EMAIL_PATTERN,
  MAX_DEVICE_TOKENS,
  PASSWORD_GOOD_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../validation/messages.js';
import { isOneCharacterRepeated } from '../validation/common-passwords.js';
import { text } from './text.js';

/** A username: 3-30 characters of letters, digits, dots, dashes and underscores. */
export const UsernameSchema = text('Username', m.usernameRequired)
  .trim()
  .min(1, m.usernameRequired)
  .min(3, m.usernameLength)
  .max(30, m.usernameLength)
  .regex(/^[A-Za-z0-9._-]+$/, m.usernameChars);

/** An email address, trimmed and lower-cased (SPEC.md section 5 pattern). */
export const EmailSchema = text('Email', m.emailRequired)
  .trim()
  .min(1, m.emailRequired)
  .max(254, m.emailInvalid)
  .regex(EMAIL_PATTERN, m.emailInvalid)
  .transform((s) => s.toLowerCase());

/**
 * A new password: SPEC.md section 9's 6 characters (its message first), then at least 8 and not
 * one character repeated. Whether it is among the common ones is asked of
 * `commonPasswordProblem`, which loads its list when first used (issue 29).
 */
export const NewPasswordSchema = text('Password', m.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, m.passwordTooShort)
  .min(PASSWORD_GOOD_LENGTH, m.passwordUnder8)
  .max(PASSWORD_MAX_LENGTH, m.passwordTooLong)
  .refine((p) => !isOneCharacterRepeated(p), m.passwordOneCharacter);

/** The 6-digit sign-in code mailed when an account asks for a step-up. */
export const StepUpCodeSchema = text('Code', m.stepUpCodeInvalid)
  .trim()
  .regex(/^\d{6}$/, m.stepUpCodeInvalid);

/**
 * POST /api/users/login. `username` may also be the account's email. `code`: the mailed
 * step-up code, when the last answer was STEP_UP_REQUIRED. `deviceTokens`: what earlier
 * sign-ins in this browser answered as `deviceToken` (the newest few), which spare a device
 * the account knows the step-up.
 */
export const LoginRequestSchema = z.object({
  username: text('Username', m.usernameRequired).trim().min(1, m.usernameRequired).max(254),
  password: text('Password', m.passwordRequired)
    .min(1, m.passwordRequired)
    .max(PASSWORD_MAX_LENGTH),
  code: StepUpCodeSchema.optional(),
  deviceTokens: z.array(text('Device token').max(512)).max(MAX_DEVICE_TOKENS).optional(),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** POST /api/users/register. */
export const RegisterRequestSchema = z.object({
  username: UsernameSchema,
  email: EmailSchema,
  password: NewPasswordSchema,
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

/** The register form adds the confirmation, checked on the client only. */
export const RegisterFormSchema = RegisterRequestSchema.extend({
  confirmPassword: text('Confirm password'),
}).refine((v) => v.password === v.confirmPassword, {
  path: ['confirmPassword'],
  message: m.passwordsMismatch,
});
export type RegisterForm = z.infer<typeof RegisterFormSchema>;

/** POST /api/auth/check-email: whether the address is registered, never by whom. */
export const CheckEmailRequestSchema = z.object({ email: EmailSchema });
export const CheckEmailResponseSchema = z.object({ exists: z.boolean() });
export type CheckEmailResponse = z.infer<typeof CheckEmailResponseSchema>;

/** POST /api/auth/resend-verification and POST /api/users/reset-password-request. */
export const EmailOnlyRequestSchema = z.object({ email: EmailSchema });
export type EmailOnlyRequest = z.infer<typeof EmailOnlyRequestSchema>;

/** Path parameter of /api/auth/verify-email/:token and /api/users/reset-password/:token. */
export const TokenParamsSchema = z.object({
  token: text('Link', 'Invalid or expired link')
    .trim()
    .min(16, 'Invalid or expired link')
    .max(200, 'Invalid or expired link'),
});

/** POST /api/users/reset-password/:token. */
export const ResetPasswordRequestSchema = z.object({ password: NewPasswordSchema });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

/** The reset form adds the confirmation, checked on the client only. */
export const ResetPasswordFormSchema = z
  .object({ password: NewPasswordSchema, confirmPassword: text('Confirm password') })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: m.passwordsMismatch,
  });

/** A plain `{ message }` answer (verification, resend, reset). */
export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;
