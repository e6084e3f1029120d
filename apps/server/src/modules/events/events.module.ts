import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../lib/app-error.js';
import { parseRevocation, SESSIONS_REVOKED } from '../../lib/session-cache.js';
import type { SessionsRepository } from '../auth/sessions.repository.js';
import type { ModuleDeps } from '../module-deps.js';
import { EventStreams, type StreamTimings } from './event-streams.js';
import { JournalEvents } from './journal-events.js';

/**
 * The journal's push (issue 27): `GET /api/events`, a signed-in stream of server-sent events
 * telling the trader's open pages that their trades or risk state changed on the server (the
 * reconciler's closes), so they read them again instead of polling. Returns the publisher the
 * reconciler tells.
 */
export async function registerEvents(
  api: FastifyInstance,
  { broadcast, now, log }: ModuleDeps,
  uses: { sessions: SessionsRepository; timings?: StreamTimings },
): Promise<JournalEvents> {
  const events = new JournalEvents(broadcast);
  const streams = new EventStreams(events, uses.timings);
  followSessions(api, streams, { broadcast, now, log }, uses.sessions);

  api.get(
    '/events',
    {
      onRequest: api.authenticate,
      // Compression would hold the events back until a buffer fills.
      compress: false,
      schema: {
        security: [{ bearer: [] }],
        tags: ['events'],
        summary:
          'Server-sent events (text/event-stream) of the journal: `ready` once open, then `journal` with {"kind":"trades"|"risk"} whenever the server changed them (a fill closed a trade, an off-plan trade, an ended session cancelled an entry); a comment every 25 s. At most 5 open per user; ends after 15 minutes (open a new one).',
      },
    },
    async (req, reply) => {
      const auth = req.auth;
      if (!auth) throw unauthorized();
      streams.serve(reply, { userId: auth.user.id, sessionId: auth.sessionId }, 'event streams');
    },
  );
  return events;
}

/**
 * What every stream of `streams` obeys (the journal's and the chat's): a stream outlives no
 * session, so a revocation (logout, password change) heard from any instance ends this
 * instance's streams of a session that is no longer live; and closing the app ends them all
 * (streams never end by themselves, and the close would wait for them).
 */
export function followSessions(
  api: FastifyInstance,
  streams: EventStreams,
  { broadcast, now, log }: Pick<ModuleDeps, 'broadcast' | 'now' | 'log'>,
  sessions: Pick<SessionsRepository, 'findLive'>,
): void {
  broadcast.subscribe(SESSIONS_REVOKED, (message) => {
    const revocation = parseRevocation(message);
    if (!revocation) return;
    for (const stream of streams.of(revocation)) {
      sessions.findLive(stream.sessionId, stream.userId, now()).then(
        (live) => live || stream.end(),
        (err: unknown) => log.warn({ err }, 'events: could not check a revoked session'),
      );
    }
  });
  api.addHook('preClose', async () => streams.endAll());
  api.addHook('onClose', async () => streams.endAll());
}
