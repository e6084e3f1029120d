import { z } from 'zod';
import {
  IsoDateTimeSchema,
  booleanField,
  intField,
  numberField,
  positiveAmount,
  wholeNumberText,
} from './common.js';
import { text } from './text.js';
import { PairSchema } from './trades.js';

/** The premium chat (DESIGN.md section 15): rooms, messages, read marks, mutes. */

/** Longest chat message, in characters after trimming. */
export const CHAT_TEXT_MAX_LENGTH = 1000;
/** Most messages one history page answers. */
export const CHAT_PAGE_MAX = 100;
/** Messages of a history page when the client does not say. */
export const CHAT_PAGE_DEFAULT = 50;
/** Longest mute an admin may give, in minutes (30 days). */
export const CHAT_MUTE_MAX_MINUTES = 43_200;
/** Longest mute reason, in characters. */
export const CHAT_MUTE_REASON_MAX_LENGTH = 300;
/** Longest risk tier label of a shared plan ('3R/R'). */
export const CHAT_PLAN_TIER_MAX_LENGTH = 20;

/** One coin room per listed coin: lower-case id, upper-case name. */
export const CHAT_COIN_ROOMS = [
  { id: 'btc', name: 'BTC' },
  { id: 'eth', name: 'ETH' },
  { id: 'sol', name: 'SOL' },
  { id: 'hype', name: 'HYPE' },
  { id: 'xrp', name: 'XRP' },
  { id: 'doge', name: 'DOGE' },
  { id: 'avax', name: 'AVAX' },
] as const;

/** Every chat room, General first. */
export const CHAT_ROOMS = [{ id: 'general', name: 'General' }, ...CHAT_COIN_ROOMS] as const;
export type ChatRoomId = (typeof CHAT_ROOMS)[number]['id'];
export const CHAT_ROOM_IDS = CHAT_ROOMS.map((room) => room.id) as [ChatRoomId, ...ChatRoomId[]];

/** Whether `id` names a chat room. */
export function isChatRoomId(id: string): id is ChatRoomId {
  return (CHAT_ROOM_IDS as readonly string[]).includes(id);
}

/** Texts of the chat. */
export const chatMessages = {
  roomUnknown: `Room must be one of ${CHAT_ROOM_IDS.join(', ')}`,
  textRequired: 'Message is required',
  textTooLong: `Message must be at most ${CHAT_TEXT_MAX_LENGTH} characters`,
  textControl: 'Message may not contain control characters other than line breaks',
  textOrPlan: 'Send a message text or a trade plan',
  idInvalid: 'Message id must be a whole number',
  limitInvalid: `Limit must be a whole number from 1 to ${CHAT_PAGE_MAX}`,
  messageNotFound: 'This message does not exist',
  userNotFound: 'This user does not exist',
  notMuted: 'This user is not muted',
  minutesInvalid: `Minutes must be a whole number from 1 to ${CHAT_MUTE_MAX_MINUTES}`,
} as const;

/** The refusal of a post while muted (403 CHAT_MUTED). */
export function chatMutedMessage(until: string): string {
  return `You are muted in the chat until ${until}`;
}

// Control characters (C0, DEL, C1) except the line feed; a carriage return is refused too
// (clients send '\n'), as are the Unicode line and paragraph separators and bidi overrides
// that would reorder what others read.
const CHAT_CONTROL =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses.
  /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;

/** Whether a chat text is free of control characters (a line feed is allowed). */
export function isCleanChatText(value: string): boolean {
  return !CHAT_CONTROL.test(value);
}

/** A message text: plain text, trimmed, 1-1000 characters, no control characters but '\n'. */
export const ChatTextSchema = text('Message')
  .refine(isCleanChatText, chatMessages.textControl)
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(1, chatMessages.textRequired)
      .max(CHAT_TEXT_MAX_LENGTH, chatMessages.textTooLong),
  );

/** `:room` of a chat route. */
export const ChatRoomSchema = text('Room', chatMessages.roomUnknown).refine(
  isChatRoomId,
  chatMessages.roomUnknown,
);

/**
 * A message id as sent back: decimal digits of the database sequence, at most 15 (below 2^53,
 * so a number holds it exactly).
 */
export const CHAT_MESSAGE_ID_PATTERN = /^[1-9]\d{0,14}$/;
export const ChatMessageIdSchema = text('Message id', chatMessages.idInvalid).regex(
  CHAT_MESSAGE_ID_PATTERN,
  chatMessages.idInvalid,
);

/** A trade plan shared as a card. */
export const ChatPlanSchema = z.object({
  pair: PairSchema,
  isLong: booleanField('Long/short'),
  entryPrice: positiveAmount('Entry price'),
  stopLoss: positiveAmount('Stop loss'),
  takeProfit: positiveAmount('Take profit'),
  riskRewardRatio: numberField('R/R')
    .min(0, 'R/R must be 0 or more')
    .max(1000, 'R/R must be at most 1000'),
  tier: text('Tier')
    .trim()
    .min(1, 'Tier is required')
    .max(CHAT_PLAN_TIER_MAX_LENGTH, `Tier must be at most ${CHAT_PLAN_TIER_MAX_LENGTH} characters`)
    .refine(isCleanChatText, 'Tier may not contain control characters'),
  size: positiveAmount('Size').nullable().default(null),
});
export type ChatPlan = z.infer<typeof ChatPlanSchema>;

/** POST /api/chat/rooms/:room/messages: `{ text }` or `{ plan, text? }`. */
export const PostChatMessageRequestSchema = z
  .object({
    text: ChatTextSchema.optional(),
    plan: ChatPlanSchema.optional(),
  })
  .refine((body) => body.text !== undefined || body.plan !== undefined, {
    message: chatMessages.textOrPlan,
    path: ['text'],
  });
export type PostChatMessageRequest = z.infer<typeof PostChatMessageRequestSchema>;

/** `:room` path parameter. */
export const ChatRoomParamsSchema = z.object({ room: ChatRoomSchema });
export type ChatRoomParams = z.infer<typeof ChatRoomParamsSchema>;

/** GET /api/chat/rooms/:room/messages?before=&limit=. */
export const ChatMessagesQuerySchema = z.object({
  before: ChatMessageIdSchema.optional(),
  limit: wholeNumberText(chatMessages.limitInvalid, 1, CHAT_PAGE_MAX).default(CHAT_PAGE_DEFAULT),
});
export type ChatMessagesQuery = z.infer<typeof ChatMessagesQuerySchema>;

/** POST /api/chat/rooms/:room/read. */
export const ChatReadRequestSchema = z.object({ lastReadId: ChatMessageIdSchema });
export type ChatReadRequest = z.infer<typeof ChatReadRequestSchema>;

/** GET /api/chat/stream?after=: replay after this id (the Last-Event-ID header wins). */
export const ChatStreamQuerySchema = z.object({ after: ChatMessageIdSchema.optional() });
export type ChatStreamQuery = z.infer<typeof ChatStreamQuerySchema>;

/** `:id` of a message (admin delete). */
export const ChatMessageIdParamsSchema = z.object({ id: ChatMessageIdSchema });
export type ChatMessageIdParams = z.infer<typeof ChatMessageIdParamsSchema>;

/** `:userId` of a mute. */
export const ChatMuteParamsSchema = z.object({
  userId: text('User id', chatMessages.userNotFound)
    .trim()
    .min(1, chatMessages.userNotFound)
    .max(64, chatMessages.userNotFound)
    .regex(/^[A-Za-z0-9_-]+$/, chatMessages.userNotFound),
});
export type ChatMuteParams = z.infer<typeof ChatMuteParamsSchema>;

/** POST /api/admin/chat/mutes. */
export const ChatMuteRequestSchema = z.object({
  userId: ChatMuteParamsSchema.shape.userId,
  minutes: intField('Minutes', 1, CHAT_MUTE_MAX_MINUTES),
  reason: text('Reason')
    .trim()
    .max(
      CHAT_MUTE_REASON_MAX_LENGTH,
      `Reason must be at most ${CHAT_MUTE_REASON_MAX_LENGTH} characters`,
    )
    .optional(),
});
export type ChatMuteRequest = z.infer<typeof ChatMuteRequestSchema>;

/** A message as the API and the stream answer it. Deleted ones: text '', plan null. */
export const ChatMessageSchema = z.object({
  id: z.string(),
  room: z.string(),
  authorName: z.string(),
  authorId: z.string(),
  kind: z.enum(['text', 'plan']),
  text: z.string(),
  plan: z
    .object({
      pair: z.string(),
      isLong: z.boolean(),
      entryPrice: z.number(),
      stopLoss: z.number(),
      takeProfit: z.number(),
      riskRewardRatio: z.number(),
      tier: z.string(),
      size: z.number().nullable(),
    })
    .nullable(),
  createdAt: IsoDateTimeSchema,
  deleted: z.boolean(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatMessageResponseSchema = z.object({ message: ChatMessageSchema });
export type ChatMessageResponse = z.infer<typeof ChatMessageResponseSchema>;

export const ChatMessagesResponseSchema = z.object({
  messages: z.array(ChatMessageSchema),
  hasMore: z.boolean(),
});
export type ChatMessagesResponse = z.infer<typeof ChatMessagesResponseSchema>;

export const ChatRoomSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  unread: z.number(),
  lastMessageAt: IsoDateTimeSchema.nullable(),
});
export type ChatRoomSummary = z.infer<typeof ChatRoomSummarySchema>;

export const ChatRoomsResponseSchema = z.object({
  rooms: z.array(ChatRoomSummarySchema),
  muted: z.object({ until: IsoDateTimeSchema }).nullable(),
});
export type ChatRoomsResponse = z.infer<typeof ChatRoomsResponseSchema>;

/** A mute as the admin routes answer it. */
export const ChatMuteSchema = z.object({
  userId: z.string(),
  until: IsoDateTimeSchema,
  reason: z.string().nullable(),
});
export type ChatMute = z.infer<typeof ChatMuteSchema>;

export const ChatMuteResponseSchema = z.object({ mute: ChatMuteSchema });
export type ChatMuteResponse = z.infer<typeof ChatMuteResponseSchema>;

/** Server-sent events of GET /api/chat/stream (`event:` name → `data:` JSON). */
export const ChatStreamEventSchemas = {
  message: z.object({ message: ChatMessageSchema }),
  deleted: z.object({ id: z.string(), room: z.string() }),
  muted: z.object({ until: IsoDateTimeSchema }),
  /** To the muted user only: an admin ended the mute. */
  unmuted: z.object({}),
} as const;
export type ChatStreamMessageEvent = z.infer<typeof ChatStreamEventSchemas.message>;
export type ChatStreamDeletedEvent = z.infer<typeof ChatStreamEventSchemas.deleted>;
export type ChatStreamMutedEvent = z.infer<typeof ChatStreamEventSchemas.muted>;
