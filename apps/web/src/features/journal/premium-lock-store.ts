import { premiumLockTexts } from '@tb/core';
import { useSyncExternalStore } from 'react';

/** The premium lock request: closed, or open with the message to show. */
export interface PremiumLockRequest {
  open: boolean;
  message: string;
}

let request: PremiumLockRequest = { open: false, message: premiumLockTexts.defaultMessage };
const listeners = new Set<() => void>();

function set(next: PremiumLockRequest) {
  request = next;
  for (const listener of listeners) listener();
}

/** Opens the premium lock (a free user reached a premium feature, or the server said 403). */
export function openPremiumLock(message: string = premiumLockTexts.defaultMessage): void {
  set({ open: true, message });
}

export function closePremiumLock(): void {
  set({ ...request, open: false });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const read = () => request;

export function usePremiumLockRequest(): PremiumLockRequest {
  return useSyncExternalStore(subscribe, read, read);
}
