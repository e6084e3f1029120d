import { describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema/index.js';
import {
  SessionCache,
  applyRevocation,
  parseRevocation,
  knownPeriod,
  onRevocation,
  rememberPeriod,
  revocationEpoch,
  revokeSessions,
  type Revocation,
  type SessionPeriod,
  type VerifiedSession,
} from './session-cache.js';

const T0 = Date.parse('2026-03-10T12:00:00Z');
const user = (id: string) => ({ id, username: id }) as unknown as UserRow;
const entry = (sessionId: string, userId: string, over: Partial<VerifiedSession> = {}) => ({
  sessionId,
  user: user(userId),
  period: null,
  expiresAt: T0 + 3_600_000,
  checkedAt: T0,
  lastSeenAt: null,
  ...over,
});

describe('SessionCache', () => {
  it('answers a stored session for the TTL, then asks again', () => {
    const cache = new SessionCache(5_000);
    cache.set('tok', entry('s1', 'u1'), revocationEpoch());
    expect(cache.get('tok', T0 + 4_999)?.sessionId).toBe('s1');
    expect(cache.get('tok', T0 + 5_000)).toBeUndefined();
    // A clock set back before the check does not make the entry fresh either.
    cache.set('tok', entry('s1', 'u1'), revocationEpoch());
    expect(cache.get('tok', T0 - 1)).toBeUndefined();
    cache.close();
  });

  it('refuses an entry whose session has expired, even within the TTL', () => {
    const cache = new SessionCache(5_000);
    cache.set('tok', entry('s1', 'u1', { expiresAt: T0 + 1_000 }), revocationEpoch());
    expect(cache.get('tok', T0 + 999)).toBeDefined();
    expect(cache.get('tok', T0 + 1_000)).toBeUndefined();
    cache.close();
  });

  it('drops a revoked session, or every session of a user, in every cache at once', () => {
    const a = new SessionCache(5_000);
    const b = new SessionCache(5_000);
    for (const cache of [a, b]) {
      cache.set('t1', entry('s1', 'u1'), revocationEpoch());
      cache.set('t2', entry('s2', 'u1'), revocationEpoch());
      cache.set('t3', entry('s3', 'u2'), revocationEpoch());
    }
    revokeSessions({ sessionId: 's1' });
    for (const cache of [a, b]) {
      expect(cache.get('t1', T0)).toBeUndefined();
      expect(cache.get('t2', T0)).toBeDefined();
    }
    revokeSessions({ userId: 'u1' });
    for (const cache of [a, b]) {
      expect(cache.get('t2', T0)).toBeUndefined();
      expect(cache.get('t3', T0)?.user.id).toBe('u2');
    }
    a.close();
    b.close();
  });

  it('does not store a check during which something was revoked', () => {
    const cache = new SessionCache(5_000);
    const before = revocationEpoch();
    // The row was read, then a revocation came before the result was stored.
    revokeSessions({ userId: 'someone-else' });
    cache.set('tok', entry('s1', 'u1'), before);
    expect(cache.get('tok', T0)).toBeUndefined();
    cache.set('tok', entry('s1', 'u1'), revocationEpoch());
    expect(cache.get('tok', T0)).toBeDefined();
    cache.close();
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const cache = new SessionCache(5_000, 2);
    cache.set('t1', entry('s1', 'u1'), revocationEpoch());
    cache.set('t2', entry('s2', 'u2'), revocationEpoch());
    cache.set('t3', entry('s3', 'u3'), revocationEpoch());
    expect(cache.size).toBe(2);
    expect(cache.get('t1', T0)).toBeUndefined();
    expect(cache.get('t3', T0)).toBeDefined();
    cache.close();
  });

  it('stores nothing with a TTL of 0', () => {
    const cache = new SessionCache(0);
    cache.set('tok', entry('s1', 'u1'), revocationEpoch());
    expect(cache.size).toBe(0);
    cache.close();
  });

  it('hands revocations to publishers; revocations received are applied without publishing', () => {
    const sent: Revocation[] = [];
    const off = onRevocation((r) => {
      sent.push(r);
    });
    const cache = new SessionCache(5_000);
    cache.set('tok', entry('s1', 'u1'), revocationEpoch());
    applyRevocation({ userId: 'u1' });
    expect(cache.get('tok', T0)).toBeUndefined();
    expect(sent).toEqual([]);
    revokeSessions({ sessionId: 's9' });
    expect(sent).toEqual([{ sessionId: 's9' }]);
    off();
    cache.close();
  });
});

describe('periods read with the session', () => {
  const period: SessionPeriod = {
    plan: 'monthly',
    startDate: new Date(T0 - 86_400_000),
    endDate: new Date(T0 + 86_400_000),
    cancelledAt: null,
  };

  it('are known for the very row object until a revocation, and end with their end date', () => {
    const row = user('u1');
    rememberPeriod(row, period, revocationEpoch());
    expect(knownPeriod(row, new Date(T0))).toEqual({ period });
    // After the end it counts as none, as the query (end after now) would find none.
    expect(knownPeriod(row, new Date(T0 + 86_400_000))).toEqual({ period: null });
    // A copy of the row is not known: it may have been changed.
    expect(knownPeriod({ ...row }, new Date(T0))).toBeUndefined();
    revokeSessions({ userId: 'u2' });
    expect(knownPeriod(row, new Date(T0))).toBeUndefined();
  });

  it('are not remembered from a check a revocation overtook', () => {
    const row = user('u1');
    const before = revocationEpoch();
    revokeSessions({ userId: 'u1' });
    rememberPeriod(row, period, before);
    expect(knownPeriod(row, new Date(T0))).toBeUndefined();
  });
});

describe('revocations between instances', () => {
  it('reads back a revocation sent as a message, and nothing else', () => {
    expect(parseRevocation(JSON.stringify({ sessionId: 's1' }))).toEqual({ sessionId: 's1' });
    expect(parseRevocation(JSON.stringify({ userId: 'u1' }))).toEqual({ userId: 'u1' });
    for (const bad of ['', 'null', '{}', '{"sessionId":1}', 'not json']) {
      expect(parseRevocation(bad)).toBeNull();
    }
  });
});
