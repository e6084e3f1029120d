import {
  CHAT_ROOMS,
  chatMessages as m,
  chatMutedMessage,
  type ChatMessage,
  type ChatMute,
  type ChatMuteRequest,
  type ChatRoomsResponse,
  type PostChatMessageRequest,
} from '@tb/core';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  chatMessages,
  chatMutes,
  chatReadMarks,
  users,
  type ChatMessageRow,
  type UserRow,
} from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { requireFeature, type PlanAccessSource } from '../subscriptions/require-feature.js';
import { AuditRepository } from '../audit/audit.repository.js';
import type { ChatFeed } from './chat-feed.js';
import type { ChatLimits } from './chat-limits.js';

/** Unread counts stop at this many (the client shows "99+"): a count never scans a whole room. */
export const UNREAD_CAP = 100;
/** Most messages one stream replays after its Last-Event-ID (the newest of them). */
export const REPLAY_MAX = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A message row as the API answers it; a deleted one keeps no text and no plan. */
export function toChatMessage(row: ChatMessageRow): ChatMessage {
  const deleted = row.deletedAt !== null;
  return {
    id: String(row.id),
    room: row.room,
    authorName: row.authorName,
    authorId: row.userId ?? '',
    kind: row.kind === 'plan' ? 'plan' : 'text',
    text: deleted ? '' : row.text,
    plan: deleted ? null : (row.plan ?? null),
    createdAt: row.createdAt.toISOString(),
    deleted,
  };
}

/** '2026-07-10 14:05 UTC': the end of a mute as the refusal says it. */
function readableTime(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * The premium chat (DESIGN.md section 15): rooms, paged history, posts (rate limited, refused
 * while muted), read marks and unread counts, and the admin's soft delete and mutes (audited).
 * What changes goes out on the feed to every instance's streams.
 */
export class ChatService {
  readonly #audit: AuditRepository;

  constructor(
    private readonly deps: {
      db: Db;
      plans: PlanAccessSource;
      now: Clock;
      feed: ChatFeed;
      limits: ChatLimits;
    },
  ) {
    this.#audit = new AuditRepository(deps.db);
  }

  /**
   * 403 PREMIUM_REQUIRED unless the user's plan includes the chatbox now. Admins are let in
   * whatever their plan: they moderate the rooms (delete, mute) and must read them to.
   */
  async requirePremium(user: UserRow): Promise<Date> {
    const now = this.deps.now();
    if (user.isAdmin) return now;
    await requireFeature(this.deps.plans, user, 'chatbox', now);
    return now;
  }

  /** Every room with the user's unread count and its last message's time; the user's mute. */
  async rooms(user: UserRow): Promise<ChatRoomsResponse> {
    const now = await this.requirePremium(user);
    const ids = sql.join(
      CHAT_ROOMS.map((room) => sql`${room.id}`),
      sql`, `,
    );
    const result = (await this.deps.db.execute(sql`
      select r.room,
        (select to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
          from ${chatMessages} m
          where m.room = r.room and m.deleted_at is null
          order by m.id desc limit 1) as last_at,
        (select count(*) from (
          select 1 from ${chatMessages} m
          where m.room = r.room and m.deleted_at is null
            and m.id > coalesce(rm.last_read_id, 0)
            and m.user_id is distinct from ${user.id}
          limit ${UNREAD_CAP}) u)::int as unread
      from unnest(array[${ids}]::text[]) as r(room)
      left join ${chatReadMarks} rm on rm.user_id = ${user.id} and rm.room = r.room`)) as unknown as {
      rows: Array<{ room: string; last_at: string | null; unread: number | string }>;
    };
    const byRoom = new Map(result.rows.map((row) => [row.room, row]));
    return {
      rooms: CHAT_ROOMS.map(({ id, name }) => ({
        id,
        name,
        unread: Number(byRoom.get(id)?.unread ?? 0),
        lastMessageAt: byRoom.get(id)?.last_at ?? null,
      })),
      muted: await this.#mutedUntil(user.id, now),
    };
  }

  /** A page of a room's history, oldest first: the `limit` messages before `before`. */
  async history(
    user: UserRow,
    room: string,
    query: { before?: string; limit: number },
  ): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
    await this.requirePremium(user);
    const rows = await this.deps.db
      .select()
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.room, room),
          query.before === undefined ? undefined : lt(chatMessages.id, Number(query.before)),
        ),
      )
      .orderBy(desc(chatMessages.id))
      .limit(query.limit + 1);
    const hasMore = rows.length > query.limit;
    return { messages: rows.slice(0, query.limit).reverse().map(toChatMessage), hasMore };
  }

  /** Posts a message or a plan: 403 while muted, 429 over the limits; sent to every stream. */
  async post(user: UserRow, room: string, body: PostChatMessageRequest): Promise<ChatMessage> {
    const now = await this.requirePremium(user);
    const muted = await this.#mutedUntil(user.id, now);
    if (muted) {
      throw new AppError(403, 'CHAT_MUTED', chatMutedMessage(readableTime(new Date(muted.until))));
    }
    const release = await this.deps.limits.take(user.id, now.getTime());
    let row: ChatMessageRow | undefined;
    try {
      [row] = await this.deps.db
        .insert(chatMessages)
        .values({
          room,
          userId: user.id,
          authorName: user.username,
          kind: body.plan ? 'plan' : 'text',
          text: body.text ?? '',
          plan: body.plan ?? null,
          createdAt: now,
        })
        .returning();
    } catch (err) {
      await release();
      throw err;
    }
    const message = toChatMessage(row!);
    await this.deps.feed.publish({ type: 'message', message });
    return message;
  }

  /** Marks `room` read up to `lastReadId` (never back, never past the room's last message). */
  async markRead(user: UserRow, room: string, lastReadId: string): Promise<void> {
    const now = await this.requirePremium(user);
    const newest = sql`coalesce((select max(${chatMessages.id}) from ${chatMessages}
      where ${chatMessages.room} = ${room}), 0)`;
    await this.deps.db
      .insert(chatReadMarks)
      .values({
        userId: user.id,
        room,
        lastReadId: sql`least(${Number(lastReadId)}::bigint, ${newest})`,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [chatReadMarks.userId, chatReadMarks.room],
        set: {
          lastReadId: sql`greatest(${chatReadMarks.lastReadId}, excluded.last_read_id)`,
          updatedAt: now,
        },
      });
  }

  /** The newest live messages after `afterId` (at most {@link REPLAY_MAX}), oldest first. */
  async replay(afterId: number): Promise<ChatMessage[]> {
    const rows = await this.deps.db
      .select()
      .from(chatMessages)
      .where(and(gt(chatMessages.id, afterId), isNull(chatMessages.deletedAt)))
      .orderBy(desc(chatMessages.id))
      .limit(REPLAY_MAX);
    return rows.reverse().map(toChatMessage);
  }

  /** Admin: soft-deletes a message (audited once); every stream hears `deleted`. */
  async remove(admin: UserRow, id: string): Promise<ChatMessage> {
    const now = this.deps.now();
    const [row] = await this.deps.db
      .update(chatMessages)
      .set({ deletedAt: now, deletedBy: admin.id })
      .where(and(eq(chatMessages.id, Number(id)), isNull(chatMessages.deletedAt)))
      .returning();
    if (!row) {
      const [existing] = await this.deps.db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.id, Number(id)));
      if (!existing) throw notFound(m.messageNotFound);
      return toChatMessage(existing);
    }
    await this.#audit.record({
      actorId: admin.id,
      action: 'chat.message_deleted',
      targetType: 'chat_message',
      targetId: String(row.id),
      details: {
        room: row.room,
        author: row.authorName,
        ...(row.userId && { authorId: row.userId }),
        text: row.text.slice(0, 200),
      },
    });
    await this.deps.feed.publish({ type: 'deleted', id: String(row.id), room: row.room });
    return toChatMessage(row);
  }

  /** Admin: mutes a user for `minutes` from now (a new mute replaces the old one; audited). */
  async mute(admin: UserRow, input: ChatMuteRequest): Promise<ChatMute> {
    const now = this.deps.now();
    const target = await this.#user(input.userId);
    const until = new Date(now.getTime() + input.minutes * 60_000);
    const reason = input.reason ? input.reason : null;
    await this.deps.db
      .insert(chatMutes)
      .values({ userId: target.id, until, reason, mutedBy: admin.id, createdAt: now })
      .onConflictDoUpdate({
        target: chatMutes.userId,
        set: { until, reason, mutedBy: admin.id, createdAt: now },
      });
    await this.#audit.record({
      actorId: admin.id,
      action: 'chat.user_muted',
      targetType: 'user',
      targetId: target.id,
      details: {
        username: target.username,
        minutes: input.minutes,
        until: until.toISOString(),
        ...(reason && { reason }),
      },
    });
    await this.deps.feed.publish({ type: 'muted', userId: target.id, until: until.toISOString() });
    return { userId: target.id, until: until.toISOString(), reason };
  }

  /** Admin: ends a user's mute (404 when none is running; audited). */
  async unmute(admin: UserRow, userId: string): Promise<void> {
    const now = this.deps.now();
    const target = await this.#user(userId);
    const [row] = await this.deps.db
      .delete(chatMutes)
      .where(eq(chatMutes.userId, target.id))
      .returning();
    if (!row || row.until <= now) throw notFound(m.notMuted);
    await this.#audit.record({
      actorId: admin.id,
      action: 'chat.user_unmuted',
      targetType: 'user',
      targetId: target.id,
      details: { username: target.username },
    });
    await this.deps.feed.publish({ type: 'unmuted', userId: target.id });
  }

  async #mutedUntil(userId: string, now: Date): Promise<{ until: string } | null> {
    const [row] = await this.deps.db
      .select({ until: chatMutes.until })
      .from(chatMutes)
      .where(and(eq(chatMutes.userId, userId), gt(chatMutes.until, now)));
    return row ? { until: row.until.toISOString() } : null;
  }

  async #user(id: string): Promise<UserRow> {
    if (!UUID.test(id)) throw notFound(m.userNotFound);
    const [row] = await this.deps.db.select().from(users).where(eq(users.id, id));
    if (!row) throw notFound(m.userNotFound);
    return row;
  }
}
