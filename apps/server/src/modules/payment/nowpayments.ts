import { createHmac, timingSafeEqual } from 'node:crypto';

/** NOWPayments as the app uses it: its API key, IPN secret and API address. */
export interface NowPaymentsConfig {
  apiKey: string;
  ipnSecret: string;
  apiUrl: string;
}

/** What `POST /v1/invoice` is given (NOWPayments' API reference). */
export interface InvoiceRequest {
  price_amount: number;
  price_currency: 'usd';
  order_id: string;
  order_description: string;
  ipn_callback_url: string;
  success_url: string;
  cancel_url: string;
}

/** The part of NOWPayments' invoice answer the app keeps. */
export interface Invoice {
  id: string;
  invoiceUrl: string;
}

/** NOWPayments could not make the invoice (down, refused, or an answer without a page). */
export class ProviderError extends Error {}

const INVOICE_TIMEOUT_MS = 10_000;

/** Creates an invoice; throws ProviderError with what went wrong (never the API key). */
export async function createInvoice(
  config: NowPaymentsConfig,
  request: InvoiceRequest,
  fetchImpl: typeof fetch = fetch,
): Promise<Invoice> {
  let res: Response;
  try {
    res = await fetchImpl(`${config.apiUrl}/v1/invoice`, {
      method: 'POST',
      headers: { 'x-api-key': config.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(INVOICE_TIMEOUT_MS),
    });
  } catch (err) {
    throw new ProviderError(`no answer (${(err as Error).name})`);
  }
  const text = await res.text();
  if (!res.ok) throw new ProviderError(`HTTP ${res.status}: ${text.slice(0, 200)}`);
  let body: { id?: unknown; invoice_url?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new ProviderError('an answer that is not JSON');
  }
  const id = typeof body.id === 'number' || typeof body.id === 'string' ? String(body.id) : null;
  const url = typeof body.invoice_url === 'string' ? body.invoice_url : null;
  if (!id || !url || !/^https?:\/\//.test(url)) throw new ProviderError('no invoice id or page');
  return { id, invoiceUrl: url };
}

/** `value` with the keys of every object sorted, recursively (arrays keep their order). */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    sorted[key] = sortKeysDeep((value as Record<string, unknown>)[key]);
  }
  return sorted;
}

/**
 * NOWPayments' IPN signature: HMAC-SHA512, keyed by the IPN secret, of the body with its keys
 * sorted recursively and serialised as JSON, in hex (the `x-nowpayments-sig` header).
 */
export function ipnSignature(body: unknown, ipnSecret: string): string {
  return createHmac('sha512', ipnSecret)
    .update(JSON.stringify(sortKeysDeep(body)))
    .digest('hex');
}

/** Whether `signature` is the body's, compared in constant time. */
export function isSignedIpn(body: unknown, signature: string | undefined, ipnSecret: string) {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(ipnSignature(body, ipnSecret), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'hex'));
}
