/** Hyperliquid form and API key manager messages (SPEC.md section 5), word for word. */
export const credentialMessages = {
  walletRequired: 'Wallet address is required',
  walletPrefix: 'Wallet address must start with 0x',
  walletLength: 'Wallet address must be 42 characters long',
  walletHex: 'Wallet address must contain only hexadecimal characters (0-9, a-f)',
  apiKeyRequired: 'API key is required',
  apiKeyPrefix: 'API key must start with 0x',
  privateKeyRequired: 'Private key is required',
  privateKeyPrefix: 'Private key must start with 0x',
  apiSecretRequired: 'API secret is required',
  walletRequiredForHyperliquid: 'Wallet address is required for Hyperliquid',
  tooLong: 'This key is too long',
  tradingPermissionLabel: 'I confirm that my API keys have trading permissions',
  tradingPermissionRequired: 'Please confirm that your API keys have trading permissions',
} as const;

/** Order form and exchange proxy messages (SPEC.md section 5); the first five word for word. */
export const orderMessages = {
  required: 'Symbol, side, and size are required',
  priceRequired: 'Price is required for limit orders',
  cancelRequired: 'Order ID and asset ID are required',
  symbolRequired: 'Symbol is required',
  symbolInvalid: 'Symbol may contain only letters and digits, with an optional -QUOTE part',
  sideInvalid: 'Side must be buy or sell',
  orderTypeInvalid: 'Order type must be limit or market',
  sizeNotNumber: 'Size must be a number',
  sizeMin: 'Size must be at least 0.001',
  sizeStep: 'Size must be a multiple of 0.001',
  sizeMax: 'Size is too large',
  priceNotNumber: 'Price must be a number',
  priceMin: 'Price must be at least 0.000001',
  priceStep: 'Price must be a multiple of 0.000001',
  priceMax: 'Price is too large',
  cancelNotNumbers: 'Order ID and asset ID must be whole numbers',
  leverageRange: 'Leverage must be a whole number from 1 to 100',
} as const;
