import { describe, expect, it } from 'vitest';
import {
  CHAT_ROOMS,
  ChatMessagesQuerySchema,
  ChatMuteRequestSchema,
  ChatRoomParamsSchema,
  PostChatMessageRequestSchema,
  chatMessages,
  isChatRoomId,
} from './chat.js';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('chat rooms', () => {
  it('starts with General, then lower-case coin rooms, ids unique', () => {
    expect(CHAT_ROOMS[0]).toEqual({ id: 'general', name: 'General' });
    expect(CHAT_ROOMS.map((r) => r.id)).toContain('btc');
    for (const room of CHAT_ROOMS) expect(room.id).toBe(room.id.toLowerCase());
    expect(new Set(CHAT_ROOMS.map((r) => r.id)).size).toBe(CHAT_ROOMS.length);
  });

  it('refuses an unknown room with a sentence', () => {
    expect(isChatRoomId('eth')).toBe(true);
    expect(isChatRoomId('ETH')).toBe(false);
    expect(firstMessage(ChatRoomParamsSchema.safeParse({ room: 'nope' }))).toBe(
      chatMessages.roomUnknown,
    );
  });
});

describe('PostChatMessageRequestSchema', () => {
  it('trims text and keeps line breaks and HTML as written', () => {
    const parsed = PostChatMessageRequestSchema.parse({ text: '  <b>hi</b>\nthere  ' });
    expect(parsed.text).toBe('<b>hi</b>\nthere');
  });

  it.each([
    ['empty', '   ', chatMessages.textRequired],
    ['too long', 'x'.repeat(1001), chatMessages.textTooLong],
    ['a tab', 'a\tb', chatMessages.textControl],
    ['a carriage return', 'a\r\nb', chatMessages.textControl],
    ['a bell', 'a\u0007b', chatMessages.textControl],
    ['a bidi override', 'a\u202Eb', chatMessages.textControl],
  ])('refuses %s', (_name, text, message) => {
    expect(firstMessage(PostChatMessageRequestSchema.safeParse({ text }))).toBe(message);
  });

  it('accepts exactly 1000 characters after trimming', () => {
    expect(PostChatMessageRequestSchema.safeParse({ text: ` ${'x'.repeat(1000)} ` }).success).toBe(
      true,
    );
  });

  it('needs text or a plan', () => {
    expect(firstMessage(PostChatMessageRequestSchema.safeParse({}))).toBe(chatMessages.textOrPlan);
  });

  it('accepts a plan with size defaulting to null', () => {
    const parsed = PostChatMessageRequestSchema.parse({
      plan: {
        pair: 'btcusdt',
        isLong: true,
        entryPrice: 100,
        stopLoss: 90,
        takeProfit: 130,
        riskRewardRatio: 3,
        tier: '3R/R',
      },
    });
    expect(parsed.plan).toMatchObject({ pair: 'BTCUSDT', size: null });
    expect(parsed.text).toBeUndefined();
  });
});

describe('query and admin schemas', () => {
  it('defaults the page to 50 and bounds it', () => {
    expect(ChatMessagesQuerySchema.parse({}).limit).toBe(50);
    expect(ChatMessagesQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(ChatMessagesQuerySchema.safeParse({ before: '0' }).success).toBe(false);
    expect(ChatMessagesQuerySchema.safeParse({ before: '12' }).success).toBe(true);
  });

  it('bounds mute minutes', () => {
    expect(ChatMuteRequestSchema.safeParse({ userId: 'u1', minutes: 0 }).success).toBe(false);
    expect(ChatMuteRequestSchema.safeParse({ userId: 'u1', minutes: 43_201 }).success).toBe(false);
    expect(ChatMuteRequestSchema.safeParse({ userId: 'u1', minutes: 60 }).success).toBe(true);
  });
});

describe('message ids', () => {
  it('takes 1 to 15 digits, so a number holds them exactly', () => {
    expect(ChatMessagesQuerySchema.safeParse({ before: '999999999999999' }).success).toBe(true);
    expect(ChatMessagesQuerySchema.safeParse({ before: '9007199254740993' }).success).toBe(false);
    expect(ChatMessagesQuerySchema.safeParse({ before: '1e3' }).success).toBe(false);
  });
});
