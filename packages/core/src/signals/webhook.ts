/** Texts of the signals panel (SPEC.md sections 5 and 8). */
export const webhookMessages = {
  required: 'Webhook URL is required',
  invalid: 'Invalid Discord webhook URL format',
  savedActive: 'Discord signals activated and configuration saved',
  savedInactive: 'Discord webhook configuration saved (signals inactive)',
  testSent: 'Test signals sent successfully!',
} as const;

/** Hosts a webhook may point at (DESIGN.md: nothing else, so no server-side request forgery). */
export const DISCORD_WEBHOOK_HOSTS = ['discord.com', 'discordapp.com'] as const;
/** Longest webhook URL accepted, in characters. */
export const WEBHOOK_URL_MAX_LENGTH = 300;

const WEBHOOK_PATH = /^\/api\/webhooks\/\d{1,25}\/[A-Za-z0-9_-]{1,100}\/?$/;
/** scheme://authority, then the rest; no URL class needed (core runs on the bare ES library). */
const URL_PARTS = /^(https?):\/\/([^/?#\s]+)([^\s]*)$/i;

/** Options of {@link isDiscordWebhookUrl}. */
export interface WebhookUrlOptions {
  /**
   * Extra origins accepted as they are, e.g. 'http://127.0.0.1:4010' for a test receiver
   * (DESIGN.md: a test-only setting may add a loopback receiver). Empty in production.
   */
  extraOrigins?: readonly string[];
}

function splitUrl(value: string): { scheme: string; authority: string; rest: string } | null {
  const match = URL_PARTS.exec(value.trim());
  if (!match) return null;
  const [, scheme = '', authority = '', rest = ''] = match;
  return { scheme: scheme.toLowerCase(), authority: authority.toLowerCase(), rest };
}

/**
 * Whether `value` is a Discord webhook URL: https, host discord.com or discordapp.com (no
 * port, no user info), path /api/webhooks/{numeric id}/{token}, no query or fragment. Or a
 * URL on one of `extraOrigins` ('http://127.0.0.1:4010', compared case-insensitively).
 */
export function isDiscordWebhookUrl(value: string, options: WebhookUrlOptions = {}): boolean {
  if (typeof value !== 'string' || value.length > WEBHOOK_URL_MAX_LENGTH) return false;
  const url = splitUrl(value);
  if (!url) return false;
  const origin = `${url.scheme}://${url.authority}`;
  if (options.extraOrigins?.some((o) => o.toLowerCase().replace(/\/+$/, '') === origin))
    return true;
  return (
    url.scheme === 'https' &&
    (DISCORD_WEBHOOK_HOSTS as readonly string[]).includes(url.authority) &&
    WEBHOOK_PATH.test(url.rest)
  );
}

/** The message for a webhook URL field, or null when it is fine. */
export function webhookUrlError(value: string, options: WebhookUrlOptions = {}): string | null {
  if (typeof value !== 'string' || value.trim() === '') return webhookMessages.required;
  return isDiscordWebhookUrl(value, options) ? null : webhookMessages.invalid;
}

/**
 * A webhook URL with its secret token hidden, for display after saving:
 * 'https://discord.com/api/webhooks/123456/abcd…' → 'https://discord.com/api/webhooks/123456/****'.
 * Anything unreadable becomes '****'.
 */
export function maskWebhookUrl(value: string): string {
  const url = splitUrl(value);
  if (!url) return '****';
  const parts = url.rest.split(/[?#]/)[0]?.split('/').filter(Boolean) ?? [];
  const shown = parts.slice(0, -1).join('/');
  return `${url.scheme}://${url.authority}/${shown}${shown ? '/' : ''}****`;
}
