import { credentialMessages as m } from './messages.js';

/** Length of a wallet address: '0x' and 40 hex digits (SPEC.md section 9). */
export const WALLET_ADDRESS_LENGTH = 42;
/** Longest API key or secret accepted, in characters. */
export const KEY_MAX_LENGTH = 256;
/** Exchanges that can be connected (SPEC.md section 1: Hyperliquid only). */
export const EXCHANGE_IDS = ['hyperliquid'] as const;
export type ExchangeId = (typeof EXCHANGE_IDS)[number];
/** Networks a connection names (DESIGN.md); 'paper' is the built-in paper exchange. */
export const EXCHANGE_NETWORKS = ['mainnet', 'testnet', 'paper'] as const;
export type ExchangeNetwork = (typeof EXCHANGE_NETWORKS)[number];

const trimmed = (value: string | null | undefined): string =>
  typeof value === 'string' ? value.trim() : '';

/**
 * The wallet address message, or null when valid: required, starts with 0x, 42 characters
 * (SPEC.md section 5), and hex digits after the 0x (so a typo fails here, not at the exchange).
 */
export function walletAddressError(value: string | null | undefined): string | null {
  const text = trimmed(value);
  if (!text) return m.walletRequired;
  if (!text.startsWith('0x')) return m.walletPrefix;
  if (text.length !== WALLET_ADDRESS_LENGTH) return m.walletLength;
  return /^0x[0-9a-fA-F]{40}$/.test(text) ? null : m.walletHex;
}

/** The API key message of the Hyperliquid form, or null: required, starts with 0x. */
export function apiKeyError(value: string | null | undefined): string | null {
  const text = trimmed(value);
  if (!text) return m.apiKeyRequired;
  if (!text.startsWith('0x')) return m.apiKeyPrefix;
  return text.length > KEY_MAX_LENGTH ? m.tooLong : null;
}

/** The private key message of the Hyperliquid form, or null: required, starts with 0x. */
export function privateKeyError(value: string | null | undefined): string | null {
  const text = trimmed(value);
  if (!text) return m.privateKeyRequired;
  if (!text.startsWith('0x')) return m.privateKeyPrefix;
  return text.length > KEY_MAX_LENGTH ? m.tooLong : null;
}

/** The three fields of the Hyperliquid connection form. */
export interface HyperliquidForm {
  walletAddress?: string | null;
  apiKey?: string | null;
  privateKey?: string | null;
}

/** Every message of the Hyperliquid form, by field (validated on each input). */
export function hyperliquidFormErrors(
  form: HyperliquidForm,
): Partial<Record<keyof HyperliquidForm, string>> {
  const errors: Partial<Record<keyof HyperliquidForm, string>> = {};
  const wallet = walletAddressError(form.walletAddress);
  const key = apiKeyError(form.apiKey);
  const secret = privateKeyError(form.privateKey);
  if (wallet) errors.walletAddress = wallet;
  if (key) errors.apiKey = key;
  if (secret) errors.privateKey = secret;
  return errors;
}

/** Submit is enabled only when all three fields are present without errors. */
export function isHyperliquidFormReady(form: HyperliquidForm): boolean {
  return Object.keys(hyperliquidFormErrors(form)).length === 0;
}

/** The API key manager form (SPEC.md section 3). */
export interface ApiKeyForm {
  exchangeId: string;
  apiKey?: string | null;
  apiSecret?: string | null;
  walletAddress?: string | null;
}

/**
 * The first complaint of the API key manager's save, or null: 'API key is required', 'API
 * secret is required', 'Wallet address is required for Hyperliquid', then the format rules
 * of the Hyperliquid form for the wallet address.
 */
export function apiKeyFormError(
  form: ApiKeyForm,
): { field: keyof ApiKeyForm; message: string } | null {
  if (!trimmed(form.apiKey)) return { field: 'apiKey', message: m.apiKeyRequired };
  if (!trimmed(form.apiSecret)) return { field: 'apiSecret', message: m.apiSecretRequired };
  if (trimmed(form.apiKey).length > KEY_MAX_LENGTH) return { field: 'apiKey', message: m.tooLong };
  if (trimmed(form.apiSecret).length > KEY_MAX_LENGTH)
    return { field: 'apiSecret', message: m.tooLong };
  if (form.exchangeId === 'hyperliquid') {
    if (!trimmed(form.walletAddress))
      return { field: 'walletAddress', message: m.walletRequiredForHyperliquid };
    const wallet = walletAddressError(form.walletAddress);
    if (wallet) return { field: 'walletAddress', message: wallet };
  }
  return null;
}
