import type { FastifyInstance } from 'fastify';
import type { PlanAccessSource } from '../analytics/analytics.service.js';
import { SessionsRepository } from '../auth/sessions.repository.js';
import { EventStreams, type StreamTimings } from '../events/event-streams.js';
import { followSessions } from '../events/events.module.js';
import type { ModuleDeps } from '../module-deps.js';
import { ChatFeed } from './chat-feed.js';
import { ChatLimits } from './chat-limits.js';
import { chatRoutes } from './chat.routes.js';
import { ChatService } from './chat.service.js';

/**
 * The premium chat (DESIGN.md section 15): rooms with history in the database, posts pushed
 * to every instance's streams through the Broadcast (Redis pub/sub), per-user limits in the
 * shared state, admin delete and mute. Its streams are the journal stream's kind: same
 * heartbeat, lifetime, cap per user, and end on a revoked session.
 */
export async function registerChat(
  api: FastifyInstance,
  deps: ModuleDeps,
  uses: { plans: PlanAccessSource; timings?: StreamTimings },
): Promise<ChatService> {
  const feed = new ChatFeed(deps.broadcast);
  const chat = new ChatService({
    db: deps.db,
    plans: uses.plans,
    now: deps.now,
    feed,
    limits: new ChatLimits(deps.state),
  });
  const streams = new EventStreams(null, uses.timings);
  followSessions(api, streams, deps, new SessionsRepository(deps.db));
  await api.register(chatRoutes, { chat, feed, streams, log: deps.log });
  return chat;
}
