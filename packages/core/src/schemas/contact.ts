import { z } from 'zod';
import { wholeNumberText } from './common.js';
import { EmailSchema } from './auth.js';
import { text } from './text.js';

/** Longest name and message a Contact Us message may carry. */
export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MAX = 5000;

/** POST /api/contact, and the Contact Us form, which validates with the same schema. */
export const ContactMessageRequestSchema = z.object({
  name: text('Name', 'Please enter your name')
    .trim()
    .min(1, 'Please enter your name')
    .max(CONTACT_NAME_MAX, `Name must be at most ${CONTACT_NAME_MAX} characters`),
  email: EmailSchema,
  message: text('Message', 'Please enter a message')
    .trim()
    .min(1, 'Please enter a message')
    .max(CONTACT_MESSAGE_MAX, `Message must be at most ${CONTACT_MESSAGE_MAX} characters`),
});
export type ContactMessageRequest = z.infer<typeof ContactMessageRequestSchema>;

/**
 * What became of a message's mail to the admins: `pending` until tried, `mailed` (SMTP took it
 * for every admin), `logged` (no SMTP configured: written to the server's outbox and log),
 * `failed` (SMTP refused; `mailError` says why), `no-admins` (nobody to mail).
 */
export const CONTACT_MAIL_STATUSES = [
  'pending',
  'mailed',
  'logged',
  'failed',
  'no-admins',
] as const;
export type ContactMailStatus = (typeof CONTACT_MAIL_STATUSES)[number];

/**
 * POST /api/contact answers 201 with what really happened: `mailed` when the team got it by
 * email, `saved` when it is stored for the admin panel only. `message` is the sentence to show.
 */
export const ContactMessageResponseSchema = z.object({
  id: z.string(),
  delivery: z.enum(['mailed', 'saved']),
  message: z.string(),
});
export type ContactMessageResponse = z.infer<typeof ContactMessageResponseSchema>;

/** What the sender reads after sending, and when a limit refuses the message. */
export const contactTexts = {
  mailed: 'Thank you! Your message has been sent to the team by email.',
  saved:
    'Thank you! Your message is saved; the team will read it in the admin panel (no email was sent).',
  mailFailed:
    'Thank you! Your message is saved, but the email to the team could not be sent; the team will read it in the admin panel.',
  tooMany: (wait: string) =>
    `You have sent several messages recently. Please try again in ${wait}.`,
} as const;

/** A wait as the sender reads it: "45 seconds", "1 minute", "12 minutes" (rounded up). */
export function contactWaitText(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** One stored message as the admin panel lists it. */
export const ContactMessageSchema = z.object({
  id: z.string(),
  /** ISO time it was received. */
  createdAt: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  /** The sender's account when signed in (null when anonymous or since deleted). */
  user: z.object({ id: z.string(), username: z.string() }).nullable(),
  mailStatus: z.enum(CONTACT_MAIL_STATUSES),
  mailedAt: z.string().nullable(),
  mailError: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

const pageMessage = 'Page must be a whole number of 1 or more';
const pageSizeMessage = 'Page size must be a whole number from 1 to 100';

/** GET /api/admin/contact-messages: one page, newest first. */
export const ContactMessageListQuerySchema = z.object({
  page: wholeNumberText(pageMessage, 1, Number.MAX_SAFE_INTEGER).default(1),
  pageSize: wholeNumberText(pageSizeMessage, 1, 100).default(20),
});
export type ContactMessageListQuery = z.infer<typeof ContactMessageListQuerySchema>;

export const ContactMessageListResponseSchema = z.object({
  messages: z.array(ContactMessageSchema),
  /** Messages over all pages. */
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type ContactMessageListResponse = z.infer<typeof ContactMessageListResponseSchema>;
