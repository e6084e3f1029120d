import { useSyncExternalStore } from 'react';

export type AuthDialogKind = 'login' | 'register' | 'forgot';

export interface AuthDialogState {
  /** The open dialog, or null when none is. */
  kind: AuthDialogKind | null;
  /**
   * Prefills the Login dialog's username field, which also takes an email (the taken address
   * after "This email is already registered").
   */
  username: string;
}

const closed: AuthDialogState = { kind: null, username: '' };
let state: AuthDialogState = closed;
const listeners = new Set<() => void>();

function set(next: AuthDialogState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Opens one of the auth dialogs (only one is open at a time). */
export function openAuthDialog(kind: AuthDialogKind, options: { username?: string } = {}): void {
  set({ kind, username: options.username ?? '' });
}

/** Closes the open dialog because its work is done (not a dismissal). */
export function closeAuthDialog(): void {
  if (state.kind !== null) set(closed);
}

const dismissListeners = new Set<() => void>();

/** Closes the open dialog because the person dismissed it (Escape, overlay, close button). */
export function dismissAuthDialog(): void {
  if (state.kind === null) return;
  set(closed);
  for (const listener of dismissListeners) listener();
}

/** Runs `listener` whenever the person dismisses an auth dialog; returns the unsubscribe. */
export function onAuthDialogDismissed(listener: () => void): () => void {
  dismissListeners.add(listener);
  return () => {
    dismissListeners.delete(listener);
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getState = () => state;

/** Which auth dialog is open; any component may open or close them. */
export function useAuthDialog(): AuthDialogState {
  return useSyncExternalStore(subscribe, getState, getState);
}
