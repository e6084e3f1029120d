/** SPEC.md section 4: notifications hide after 3 s. */
export const NOTIFICATION_MS = 3_000;

export type NotificationTone = 'error' | 'success' | 'info';

/** A button a notification carries ('Undo'): pressing it runs `run` and hides the notification. */
export interface NotificationAction {
  label: string;
  run: () => void;
}

export interface Notification {
  id: number;
  tone: NotificationTone;
  message: string;
  action?: NotificationAction;
}

let items: readonly Notification[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function set(next: readonly Notification[]) {
  items = next;
  for (const listener of listeners) listener();
}

/**
 * Shows a short message in the notification region; it hides itself after `durationMs`. With
 * `action`, it carries that button for as long as it shows.
 */
export function notify(
  message: string,
  tone: NotificationTone = 'info',
  durationMs = NOTIFICATION_MS,
  action?: NotificationAction,
): number {
  const id = nextId++;
  set([...items, { id, tone, message, ...(action && { action }) }]);
  timers.set(
    id,
    setTimeout(() => dismissNotification(id), durationMs),
  );
  return id;
}

export function dismissNotification(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  if (items.some((n) => n.id === id)) set(items.filter((n) => n.id !== id));
}

export function subscribeNotifications(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getNotifications(): readonly Notification[] {
  return items;
}

/** Test helper: forget every notification and timer. */
export function resetNotifications(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  set([]);
}
