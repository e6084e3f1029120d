import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A trade plan shared in the chat, as stored (the API's ChatMessage.plan). */
export interface StoredChatPlan {
  pair: string;
  isLong: boolean;
  entryPrice: number;
  stopLoss: number;
  takeProfit: number;
  riskRewardRatio: number;
  tier: string;
  size: number | null;
}

/**
 * The premium chat's messages (DESIGN.md section 15). The id is the order (and the stream's
 * event id). The author's name is kept as written, so a deleted account's messages still read
 * sensibly (user_id goes null); an admin's delete is soft (deleted_at, deleted_by).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    room: text('room').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    /** 'text' or 'plan'. */
    kind: text('kind').notNull(),
    text: text('text').notNull().default(''),
    plan: jsonb('plan').$type<StoredChatPlan>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // History pages and unread counts: WHERE room = ? AND id < / > ?.
    index('chat_messages_room_id_idx').on(t.room, t.id),
    // A user's recent posts (the rate limit's fallback and an admin's look).
    index('chat_messages_user_id_idx').on(t.userId, t.id),
    // The stream's replay: live messages after an id.
    index('chat_messages_live_id_idx')
      .on(t.id)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export type ChatMessageRow = typeof chatMessages.$inferSelect;

/** An admin's mute of a user in the chat, until a time (one per user; gone with the user). */
export const chatMutes = pgTable('chat_mutes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  until: timestamp('until', { withTimezone: true }).notNull(),
  reason: text('reason'),
  mutedBy: uuid('muted_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ChatMuteRow = typeof chatMutes.$inferSelect;

/** How far a user has read each room: unread = others' messages after last_read_id. */
export const chatReadMarks = pgTable(
  'chat_read_marks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    room: text('room').notNull(),
    lastReadId: bigint('last_read_id', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.room] })],
);
