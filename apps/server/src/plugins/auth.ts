import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, unauthorized } from '../lib/app-error.js';
import type { Clock } from '../lib/clock.js';
import {
  SessionCache,
  rememberPeriod,
  revocationEpoch,
  type VerifiedSession,
} from '../lib/session-cache.js';
import type { SessionsRepository } from '../modules/auth/sessions.repository.js';
import type { UserRow } from '../db/schema/index.js';

/** What an authenticated request carries: the session (JWT `jti`) and its user. */
export interface AuthContext {
  sessionId: string;
  user: UserRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless the bearer token names a live session. */
    authenticate: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: 401 without a session, 403 ADMIN_REQUIRED for non-admins. */
    requireAdmin: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Signs a 24-hour token for a session row. */
    signSessionToken: (userId: string, sessionId: string) => string;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string; jti: string };
  }
}

/** Session lifetime (SPEC.md section 9: 24 hours). */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * How stale "last active" may get: one write per user per 5 minutes at most, so a busy client
 * does not turn every read into a write.
 */
export const LAST_ACTIVE_RESOLUTION_MS = 5 * 60 * 1000;

export const authPlugin = fp(
  async (
    app: FastifyInstance,
    // `now`: the app's clock, the one sessions were created with.
    opts: {
      secret: string;
      sessions: SessionsRepository;
      now: Clock;
      /** How long a verified session is trusted; lib/session-cache.ts's default, 0 = off. */
      sessionCacheMs?: number;
      /** A signed-in user who is not an admin was refused an admin route (the audit log). */
      onAdminDenied?: (req: FastifyRequest, user: UserRow) => Promise<void>;
    },
  ) => {
    // Verified sessions for a few seconds (issue 14): revocations drop them at once.
    const cache = new SessionCache(opts.sessionCacheMs);
    app.addHook('onClose', async () => cache.close());
    const expired = () => unauthorized('Your session has expired. Please log in again.');

    /** Checks the token's signature and its session row; caches the result. */
    const verify = async (token: string, now: Date): Promise<VerifiedSession> => {
      const checkEpoch = revocationEpoch();
      let payload: { sub: string; jti: string; exp?: number };
      try {
        payload = app.jwt.verify<{ sub: string; jti: string; exp?: number }>(token);
      } catch {
        throw expired();
      }
      const found = await opts.sessions.findLive(payload.jti, payload.sub, now);
      if (!found) throw expired();
      const tokenEnd = payload.exp === undefined ? Infinity : payload.exp * 1000;
      const entry: VerifiedSession = {
        sessionId: payload.jti,
        user: found.user,
        period: found.period,
        expiresAt: Math.min(found.expiresAt.getTime(), tokenEnd),
        checkedAt: now.getTime(),
        lastSeenAt: found.lastSeenAt?.getTime() ?? null,
      };
      cache.set(token, entry, checkEpoch);
      rememberPeriod(entry.user, entry.period, checkEpoch);
      return entry;
    };

    await app.register(jwt, {
      secret: opts.secret,
      sign: { expiresIn: '24h', algorithm: 'HS256' },
    });
    app.decorateRequest('auth', null);
    // What a signed-in trader is answered (profile, keys, journal, exports), or a token is
    // refused with, is kept by no browser or proxy (issue 29): it outranks a route's own caching.
    app.addHook('onSend', async (req, reply, payload) => {
      if (req.auth || req.headers.authorization) reply.header('cache-control', 'no-store');
      return payload;
    });

    app.decorate('signSessionToken', (userId: string, sessionId: string) =>
      app.jwt.sign({ sub: userId, jti: sessionId }),
    );

    /**
     * "Last seen" of the session (Profile → Sessions), as "last active" of the user: at most one
     * write per session per 5 minutes. The cached entry remembers the write, so requests within
     * the cache's few seconds do not ask again; past it, the row read by the auth check tells;
     * and the write itself is conditional, so several instances write once between them.
     */
    const touchSession = (entry: VerifiedSession, now: Date) => {
      const at = now.getTime();
      if (entry.lastSeenAt !== null && at - entry.lastSeenAt < LAST_ACTIVE_RESOLUTION_MS) return;
      entry.lastSeenAt = at;
      const since = new Date(at - LAST_ACTIVE_RESOLUTION_MS);
      // Not awaited: a failed bookkeeping write must not fail the request.
      opts.sessions.touchSession(entry.sessionId, now, since).catch((err: unknown) => {
        app.log.warn({ err }, 'could not record when the session was last seen');
      });
    };

    app.decorate('authenticate', async (req: FastifyRequest) => {
      const token = bearerToken(req.headers.authorization);
      if (!token) throw unauthorized();
      const now = opts.now();
      const cached = cache.get(token, now.getTime());
      if (cached) rememberPeriod(cached.user, cached.period, revocationEpoch());
      const entry = cached ?? (await verify(token, now));
      const { user } = entry;
      req.auth = { sessionId: entry.sessionId, user };
      const last = user.lastActiveAt?.getTime() ?? 0;
      if (now.getTime() - last >= LAST_ACTIVE_RESOLUTION_MS) {
        // The entry now holds the row as written: the next requests do not write again.
        entry.user = { ...user, lastActiveAt: now };
        // Not awaited: a failed bookkeeping write must not fail the request.
        opts.sessions.touchUser(user.id, now).catch((err: unknown) => {
          app.log.warn({ err }, 'could not record last activity');
        });
      }
      touchSession(entry, now);
    });

    app.decorate('requireAdmin', async (req: FastifyRequest, reply: FastifyReply) => {
      await app.authenticate(req, reply);
      if (!req.auth?.user.isAdmin) {
        if (req.auth) await opts.onAdminDenied?.(req, req.auth.user);
        throw new AppError(
          403,
          'ADMIN_REQUIRED',
          'Access denied. Only administrators can access this page.',
        );
      }
    });
  },
  { name: 'auth' },
);

/** The token of `Authorization: Bearer <token>`; the scheme in any case (RFC 7235). */
function bearerToken(header: string | undefined): string | null {
  const match = /^bearer +(\S+) *$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** The authenticated user of a request that passed `authenticate`. */
export function currentUser(req: FastifyRequest): UserRow {
  if (!req.auth) throw unauthorized();
  return req.auth.user;
}
