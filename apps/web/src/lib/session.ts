/**
 * The browser's copy of the sign-in (SPEC.md section 3 keys). Everything that reads or writes
 * these localStorage keys goes through here, so React can subscribe to changes.
 */
export const storageKeys = {
  token: 'token',
  username: 'username',
  tokenExpires: 'tokenExpires',
  lastLogin: 'lastLogin',
  lastSession: 'lastSession',
  bingoState: 'bingoState',
} as const;

/**
 * What a trader typed that the browser keeps between visits (the trade idea, its pair, the
 * idea templates): the next person on the same device must not read it. Cleared at logout and
 * when another user signs in; kept across the sign-in of the one who wrote it.
 */
export const userLocalKeys = {
  tradeIdea: 'tradeIdea',
  lastSymbol: 'lastSymbol',
  ideaTemplates: 'tradeIdeaTemplates',
} as const;

function clearUserLocal(): void {
  for (const key of Object.values(userLocalKeys)) localStorage.removeItem(key);
}

export interface StoredSession {
  token: string;
  username: string;
  /** ISO time after which the stored token is not used. */
  tokenExpires: string | null;
}

export interface LastSession {
  username: string;
  loginTime: string;
  logoutTime: string | null;
}

const listeners = new Set<() => void>();
let cached: { key: string; value: StoredSession | null } | undefined;

function emit() {
  cached = undefined;
  for (const listener of listeners) listener();
}

/** Subscribe to session changes in this tab and in others (storage event). */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values(storageKeys).includes(event.key as never)) emit();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored session, or null; the same object until it changes (for useSyncExternalStore). */
export function readSession(): StoredSession | null {
  const token = localStorage.getItem(storageKeys.token);
  const username = localStorage.getItem(storageKeys.username) ?? '';
  const tokenExpires = localStorage.getItem(storageKeys.tokenExpires);
  const key = `${token}|${username}|${tokenExpires}`;
  if (cached?.key === key) return cached.value;
  const value = token ? { token, username, tokenExpires } : null;
  cached = { key, value };
  return value;
}

/** True when a token is stored and its local expiry (if any) lies after `now`. */
export function sessionLooksValid(session: StoredSession | null, now: Date): boolean {
  if (!session) return false;
  if (!session.tokenExpires) return true;
  const expires = Date.parse(session.tokenExpires);
  return Number.isFinite(expires) && expires > now.getTime();
}

/** Stores a fresh sign-in: token, username, expiry, last login and the open lastSession. */
export function saveSession(
  input: { token: string; username: string; expiresAt: string },
  now: Date,
): void {
  const loginTime = now.toISOString();
  // Another trader signs in on this browser: the previous one's idea and pair go.
  const previous = readLastSession()?.username;
  if (previous !== undefined && previous !== input.username) clearUserLocal();
  localStorage.setItem(storageKeys.token, input.token);
  localStorage.setItem(storageKeys.username, input.username);
  localStorage.setItem(storageKeys.tokenExpires, input.expiresAt);
  localStorage.setItem(storageKeys.lastLogin, loginTime);
  const lastSession: LastSession = { username: input.username, loginTime, logoutTime: null };
  localStorage.setItem(storageKeys.lastSession, JSON.stringify(lastSession));
  emit();
}

/**
 * Keeps the stored username in step with the server's (an admin may rename the account):
 * the user menu and "You" on the leaderboard read it. No-op without a session or a change.
 */
export function syncStoredUsername(username: string): void {
  const session = readSession();
  if (!session || session.username === username) return;
  localStorage.setItem(storageKeys.username, username);
  emit();
}

/**
 * Signs out locally: removes token, username, expiry, last login and bingo state, and what the
 * trader typed (userLocalKeys); keeps lastSession and records when it ended. The exchange choice (liveTradingEnabled,
 * currentExchange) is kept too, as SPEC.md section 4 lists only these keys; a current id that
 * is not the next user's is dropped when their connections load.
 */
export function clearSession(now: Date): void {
  const last = readLastSession();
  if (last) {
    const ended: LastSession = { ...last, logoutTime: now.toISOString() };
    localStorage.setItem(storageKeys.lastSession, JSON.stringify(ended));
  }
  for (const key of ['token', 'username', 'tokenExpires', 'lastLogin', 'bingoState'] as const) {
    localStorage.removeItem(storageKeys[key]);
  }
  clearUserLocal();
  emit();
}

export function readLastSession(): LastSession | null {
  const raw = localStorage.getItem(storageKeys.lastSession);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<LastSession> | null;
    if (!value || typeof value.username !== 'string' || typeof value.loginTime !== 'string') {
      return null;
    }
    return {
      username: value.username,
      loginTime: value.loginTime,
      logoutTime: value.logoutTime ?? null,
    };
  } catch {
    return null;
  }
}
