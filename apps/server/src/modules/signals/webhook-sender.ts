import type { DiscordMessage } from './signal-embeds.js';

/** Time-out of one webhook call (SPEC.md section 9: requests time out after 10 s). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** A failed webhook call; `message` never contains the URL (its path is the secret). */
export class WebhookError extends Error {
  override readonly name = 'WebhookError';
}

/** Posts one message to a webhook URL; the caller has already validated the URL. */
export type WebhookSender = (url: string, message: DiscordMessage) => Promise<void>;

/** The real sender: fetch with a time-out, no redirects (a redirect could leave Discord). */
export function fetchWebhookSender(timeoutMs = WEBHOOK_TIMEOUT_MS): WebhookSender {
  return async (url, message) => {
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      throw new WebhookError(
        timedOut ? 'the webhook did not answer in time' : 'the webhook could not be reached',
      );
    }
    await res.body?.cancel().catch(() => undefined);
    if (res.status === 429) throw new WebhookError('Discord is rate limiting this webhook');
    if (!res.ok) throw new WebhookError(`the webhook answered ${res.status}`);
  };
}
