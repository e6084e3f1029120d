import { describe, expect, it } from 'vitest';
import {
  clearSession,
  readLastSession,
  readSession,
  saveSession,
  sessionLooksValid,
  syncStoredUsername,
} from './session';

const login = new Date('2026-03-01T10:00:00.000Z');
const expiresAt = '2026-03-02T10:00:00.000Z';

describe('session storage', () => {
  const typed = () => ({
    idea: localStorage.getItem('tradeIdea'),
    pair: localStorage.getItem('lastSymbol'),
    templates: localStorage.getItem('tradeIdeaTemplates'),
  });
  const type = () => {
    localStorage.setItem('tradeIdea', 'ETH reclaim, third try');
    localStorage.setItem('lastSymbol', 'ETHUSDT');
    localStorage.setItem('tradeIdeaTemplates', '[{"name":"ETH","text":"ETH reclaim"}]');
  };
  const nothing = { idea: null, pair: null, templates: null };

  it("logout forgets the trader's idea, pair and templates: the next person reads none", () => {
    saveSession({ token: 't', username: 'ada', expiresAt }, login);
    type();
    clearSession(new Date(login.getTime() + 60_000));
    expect(typed()).toEqual(nothing);
  });

  it('another user signing in without a logout finds nothing of the previous one', () => {
    saveSession({ token: 't', username: 'ada', expiresAt }, login);
    type();
    // Ada's token expired and was dropped without a logout; Bob signs in on the same phone.
    localStorage.removeItem('token');
    saveSession({ token: 'u', username: 'bob', expiresAt }, login);
    expect(typed()).toEqual(nothing);
  });

  it('the same trader signing in again, or an anonymous idea before a first sign-in, is kept', () => {
    localStorage.clear();
    type();
    saveSession({ token: 't', username: 'ada', expiresAt }, login);
    expect(typed().idea).toBe('ETH reclaim, third try');
    saveSession({ token: 't2', username: 'ada', expiresAt }, login);
    expect(typed().pair).toBe('ETHUSDT');
  });

  it('stores token, username, expiry, last login and an open lastSession', () => {
    saveSession({ token: 't', username: 'ada', expiresAt }, login);
    expect(readSession()).toEqual({ token: 't', username: 'ada', tokenExpires: expiresAt });
    expect(localStorage.getItem('lastLogin')).toBe(login.toISOString());
    expect(readLastSession()).toEqual({
      username: 'ada',
      loginTime: login.toISOString(),
      logoutTime: null,
    });
  });

  it('clearing removes the sign-in and bingo state but keeps lastSession with its end', () => {
    saveSession({ token: 't', username: 'ada', expiresAt }, login);
    localStorage.setItem('bingoState', '{}');
    localStorage.setItem('trades', '[]');
    const logout = new Date('2026-03-01T12:00:00.000Z');
    clearSession(logout);
    for (const key of ['token', 'username', 'tokenExpires', 'lastLogin', 'bingoState']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem('trades')).toBe('[]');
    expect(readLastSession()?.logoutTime).toBe(logout.toISOString());
    expect(readSession()).toBeNull();
  });

  it('a session looks valid only with a token whose expiry is still ahead', () => {
    const session = { token: 't', username: 'ada', tokenExpires: expiresAt };
    expect(sessionLooksValid(session, login)).toBe(true);
    expect(sessionLooksValid(session, new Date(expiresAt))).toBe(false);
    expect(sessionLooksValid({ ...session, tokenExpires: 'garbage' }, login)).toBe(false);
    expect(sessionLooksValid(null, login)).toBe(false);
  });

  it('follows a rename from the server, and never creates a session', () => {
    syncStoredUsername('ghost');
    expect(readSession()).toBeNull();
    expect(localStorage.getItem('username')).toBeNull();

    saveSession({ token: 't', username: 'ada', expiresAt }, login);
    syncStoredUsername('ada_l');
    expect(readSession()).toEqual({ token: 't', username: 'ada_l', tokenExpires: expiresAt });
  });
});
