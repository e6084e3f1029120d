import { DEFAULT_TIME_ZONE, isValidTimeZone } from '@tb/core';

/** The IANA zone of this device ('Europe/Paris'), or UTC when the browser cannot say. */
export function browserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}
