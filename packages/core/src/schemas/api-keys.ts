import { z } from 'zod';
import {
  apiKeyFormError,
  EXCHANGE_IDS,
  EXCHANGE_NETWORKS,
  KEY_MAX_LENGTH,
} from '../exchange/credentials.js';
import { credentialMessages } from '../exchange/messages.js';
import { booleanField, IdSchema, IsoDateTimeSchema, textField } from './common.js';

/** The exchange of a key: only 'hyperliquid' (SPEC.md section 1). */
export const ExchangeIdSchema = z.enum(EXCHANGE_IDS, { error: 'Only Hyperliquid is supported' });
/** mainnet, testnet or paper (DESIGN.md); mainnet when absent. */
export const ExchangeNetworkSchema = z.enum(EXCHANGE_NETWORKS, {
  error: 'Network must be mainnet, testnet or paper',
});

const keyField = (label: string) => textField(label, KEY_MAX_LENGTH).optional();

const apiKeyFields = {
  exchangeId: ExchangeIdSchema.default('hyperliquid'),
  network: ExchangeNetworkSchema.default('mainnet'),
  walletAddress: keyField('Wallet address'),
  apiKey: keyField('API key'),
  apiSecret: keyField('API secret'),
  isActive: booleanField('Active').default(true),
};

/**
 * Keys are required except on the paper network, which generates its own (DESIGN.md section
 * 4); the rules and messages are the API key manager's (SPEC.md section 5).
 */
function checkKeys(
  value: {
    exchangeId: string;
    network: string;
    walletAddress?: string;
    apiKey?: string;
    apiSecret?: string;
  },
  ctx: z.RefinementCtx,
): void {
  if (value.network === 'paper') return;
  const problem = apiKeyFormError(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
}

/** POST /api/api-keys {exchangeId, walletAddress, apiKey, apiSecret, isActive}. */
export const ApiKeyRequestSchema = z.object(apiKeyFields).superRefine(checkKeys);
export type ApiKeyRequest = z.infer<typeof ApiKeyRequestSchema>;

/** PUT /api/api-keys/:id: the same payload, plus the id (the path's id wins). */
export const ApiKeyUpdateRequestSchema = z
  .object({ ...apiKeyFields, id: IdSchema.optional() })
  .superRefine(checkKeys);
export type ApiKeyUpdateRequest = z.infer<typeof ApiKeyUpdateRequestSchema>;

/** A stored key as lists show it: secrets only in masked form (DESIGN.md: never returned). */
export const ApiKeyListItemSchema = z.object({
  id: z.string(),
  exchangeId: ExchangeIdSchema,
  network: ExchangeNetworkSchema,
  maskedWalletAddress: z.string().nullable(),
  maskedApiKey: z.string(),
  maskedApiSecret: z.string(),
  hasWalletAddress: z.boolean(),
  isActive: z.boolean(),
  lastUsed: IsoDateTimeSchema.nullable(),
  createdAt: IsoDateTimeSchema.optional(),
  /**
   * Whether the exchange lists the API wallet as the wallet or its agent (checked on connect and
   * daily): `none` places and verifies nothing; null until first checked.
   */
  control: z.enum(['wallet', 'agent', 'none']).nullable().optional(),
});
export type ApiKeyListItem = z.infer<typeof ApiKeyListItemSchema>;

/** GET /api/api-keys: `{ success, data, error? }`. */
export const ApiKeyListResponseSchema = z.object({
  success: z.boolean(),
  data: z.array(ApiKeyListItemSchema),
  error: z.string().optional(),
});
export type ApiKeyListResponse = z.infer<typeof ApiKeyListResponseSchema>;

/** POST /api/users/exchanges {exchangeId, apiKey, apiSecret} (+ wallet and network). */
export const ConnectExchangeRequestSchema = z
  .object({
    exchangeId: ExchangeIdSchema,
    network: ExchangeNetworkSchema.default('mainnet'),
    apiKey: keyField('API key'),
    apiSecret: keyField('API secret'),
    walletAddress: keyField('Wallet address'),
  })
  .superRefine(checkKeys);
export type ConnectExchangeRequest = z.infer<typeof ConnectExchangeRequestSchema>;

/** The exchange connect form adds the trading-permission checkbox (client only). */
export const ConnectExchangeFormSchema = ConnectExchangeRequestSchema.and(
  z.object({
    confirmTradingPermissions: z.literal(true, {
      error: credentialMessages.tradingPermissionRequired,
    }),
  }),
);

/** A connected exchange (SPEC.md section 3). */
export const ConnectedExchangeSchema = z.object({
  id: z.string(),
  name: z.string(),
  network: ExchangeNetworkSchema.optional(),
  connectedAt: IsoDateTimeSchema,
  /**
   * The account's address, for paper connections only (the trading page follows its fills and
   * orders on /paper/ws); absent for the others.
   */
  walletAddress: z.string().optional(),
});
export type ConnectedExchange = z.infer<typeof ConnectedExchangeSchema>;

/** GET /api/users/exchanges. */
export const ExchangeListResponseSchema = z.object({
  success: z.boolean(),
  exchanges: z.array(ConnectedExchangeSchema),
  error: z.string().optional(),
});
export type ExchangeListResponse = z.infer<typeof ExchangeListResponseSchema>;

/** POST /api/users/exchanges answer. */
export const ConnectExchangeResponseSchema = z.object({
  success: z.boolean(),
  exchangeName: z.string(),
  exchange: ConnectedExchangeSchema.optional(),
});
export type ConnectExchangeResponse = z.infer<typeof ConnectExchangeResponseSchema>;
