import Bowser from 'bowser';

/** What a session whose user agent tells nothing is called. */
export const UNKNOWN_DEVICE = 'Unknown device';

/**
 * A readable label for a session's browser, from its user agent: 'Chrome on macOS',
 * 'Safari on iOS', 'Firefox' (no system named), 'Unknown device'. Parsed with bowser (MIT, no
 * dependencies, no network: its rules ship in the package); ua-parser-js 2 is AGPL.
 */
export function deviceLabel(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim();
  if (!ua) return UNKNOWN_DEVICE;
  const { browser, os } = Bowser.parse(ua);
  const name = browser.name?.trim();
  const system = os.name?.trim();
  if (name && system) return `${name} on ${system}`;
  if (name) return name;
  if (system) return `Browser on ${system}`;
  return UNKNOWN_DEVICE;
}
