/**
 * The steps of a live action where a test (or the crash harness, TEST_CRASH_AT) can stop the
 * server as a crash would: after the intent is stored, after the exchange took the order,
 * after the journal recorded it.
 */
export const FAULT_POINTS = [
  'place:intent',
  'place:sent',
  'place:recorded',
  'stop:intent',
  'stop:sent',
  'close:intent',
  'close:sent',
  'cancel:intent',
  'cancel:sent',
] as const;
export type FaultPoint = (typeof FAULT_POINTS)[number];

/** Called at each fault point; resolves at once in production. */
export type Faults = (point: FaultPoint) => Promise<void>;
