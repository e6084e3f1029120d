import { z } from 'zod';

/** Error codes of DESIGN.md section 3. */
export const ErrorCodeSchema = z.enum([
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  /**
   * A sign-in to an account past its failed sign-ins ceiling, from a device it has not signed
   * in from: the code mailed to the account's address is needed too (401).
   */
  'STEP_UP_REQUIRED',
  'FORBIDDEN',
  'PREMIUM_REQUIRED',
  'ADMIN_REQUIRED',
  'SESSION_ENDED',
  'COOLDOWN',
  'NOT_FOUND',
  'CONFLICT',
  /** A live order while the user's live-trading switch is off (409). */
  'LIVE_TRADING_OFF',
  /** Another live action of the same trader is still running (409, try again). */
  'ACTION_IN_PROGRESS',
  /** An Idempotency-Key sent again with another request (422). */
  'IDEMPOTENCY_KEY_REUSED',
  /** An order's fate on the exchange is not known yet: the app resolves it by itself (503). */
  'ORDER_UNCONFIRMED',
  'EMAIL_TAKEN',
  'USERNAME_TAKEN',
  'STALE_VERSION',
  'INVALID_TOKEN',
  'RATE_LIMITED',
  /** A post to the chat while an admin's mute lasts (403). */
  'CHAT_MUTED',
  'PAYLOAD_TOO_LARGE',
  'EXCHANGE_ERROR',
  /** NOWPayments did not make the invoice: nothing was charged (502). */
  'PAYMENT_PROVIDER_ERROR',
  'EXCHANGE_REJECTED',
  'EXCHANGE_TIMEOUT',
  'EXCHANGE_NOT_CONNECTED',
  /** The API wallet is neither the wallet nor an agent the exchange lists for it (403). */
  'NOT_ACCOUNT_OWNER',
  /** A verified trade is history: no edit, no delete (409). */
  'VERIFIED_TRADE',
  'UNKNOWN_SYMBOL',
  'WEBHOOK_ERROR',
  'SERVICE_UNAVAILABLE',
  'DATABASE_UNAVAILABLE',
  'INTERNAL_ERROR',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/**
 * Every error answer: `{ error: { code, message, field? } }`. `message` is the text a person
 * reads; `field` names the input at fault for 400s. 403 SESSION_ENDED and 409 COOLDOWN also
 * carry `reason` (STOPLOSSES, DAILY_TRADES or DAILY_LOSS) and `reopensAt` (ISO instant).
 */
export const ApiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
    reason: z.string().optional(),
    reopensAt: z.string().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;
