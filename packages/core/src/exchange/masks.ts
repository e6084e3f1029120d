const HIDDEN = '****';

/**
 * A wallet address or API key as lists show it: first 6 and last 4 characters
 * ('0x1234...abcd'). Values of 10 characters or fewer are hidden completely.
 */
export function maskWalletAddress(value: string): string {
  const text = value.trim();
  if (text.length <= 10) return HIDDEN;
  return `${text.slice(0, 6)}...${text.slice(-4)}`;
}

/** An API key as lists show it (same form as {@link maskWalletAddress}). */
export function maskApiKey(value: string): string {
  return maskWalletAddress(value);
}

/**
 * A private key / API secret as lists show it: only its last 4 characters ('****cdef'), enough
 * to tell two keys apart and far too little to use. Secrets under 16 characters are hidden.
 */
export function maskApiSecret(value: string): string {
  const text = value.trim();
  return text.length < 16 ? HIDDEN : `${HIDDEN}${text.slice(-4)}`;
}
